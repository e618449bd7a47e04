import { Outlet } from "react-router";
import { NotificationsProvider } from "../context/notifications/NotificationsProvider.tsx";

/** The root route: what every page, public or not, sits in. */
export function RootLayout() {
  return (
    <NotificationsProvider>
      <Outlet />
    </NotificationsProvider>
  );
}
