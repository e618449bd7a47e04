import { useMutation } from "@tanstack/react-query";
import { versionUpdateModalClosedEvent } from "@anbox-dashboard/contract";
import { postUserEvent } from "../api/user-events.ts";
import { mutationToasts } from "../context/mutation-meta.ts";
import { queryKeys } from "../context/query-keys.ts";

/**
 * Tells the server the user read the 'Important update' modal: it clears the session info's
 * `has_version_update_modal` for good, so the session info is read again.
 */
export function useRememberUpdateRead() {
  return useMutation({
    mutationFn: () => postUserEvent(versionUpdateModalClosedEvent),
    meta: {
      toasts: mutationToasts({ failure: "Could not save that you read the update" }),
      invalidates: [queryKeys.info()],
    },
  });
}
