import { Outlet } from "react-router";
import { RouteFocusProvider } from "../components/page-layout/route-focus.tsx";
import { NotificationsProvider } from "../context/notifications/NotificationsProvider.tsx";

/** The root route: what every page, public or not, sits in. */
export function RootLayout() {
  return (
    <NotificationsProvider>
      <RouteFocusProvider>
        <Outlet />
      </RouteFocusProvider>
    </NotificationsProvider>
  );
}
