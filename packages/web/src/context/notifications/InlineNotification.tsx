import { NotificationConsumer } from "../../vendor/react-components.ts";

/** Where a page shows its inline notification (see `useInlineNotify`), usually above its content. */
export function InlineNotification() {
  return <NotificationConsumer />;
}
