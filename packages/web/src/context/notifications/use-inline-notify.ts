import {
  useNotify as useVanillaNotify,
  type NotificationHelper,
} from "../../vendor/react-components.ts";

/**
 * Inline notifications, for page and form errors: `failure(title, error)`, `info(message)`,
 * `success(message)`, `clear()`. `InlineNotification` shows the current one where a page puts it.
 */
export function useInlineNotify(): NotificationHelper {
  return useVanillaNotify();
}
