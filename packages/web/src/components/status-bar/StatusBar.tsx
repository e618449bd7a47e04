import { Link } from "react-router";
import { NotificationsToggle } from "./NotificationsToggle.tsx";

interface Props {
  dashboardVersion: string | undefined;
  runningOperations: number;
}

/** The bar at the bottom of the application layout: version, running operations, toasts. */
export function StatusBar({ dashboardVersion, runningOperations }: Props) {
  return (
    <footer className="l-status status-bar" aria-label="Status bar">
      <span className="status-bar__version">
        Version{" "}
        {dashboardVersion === undefined || dashboardVersion === "" ? "unknown" : dashboardVersion}
      </span>
      <div className="status-bar__items">
        {runningOperations > 0 && (
          <Link className="status-bar__operations" to="/operations">
            <i className="p-icon--spinner u-animation--spin" aria-hidden="true" />
            <span className="u-hide--small">
              {runningOperations} operation{runningOperations === 1 ? "" : "s"} in progress...
            </span>
            <span className="u-hide--medium u-hide--large">
              {runningOperations} op{runningOperations === 1 ? "" : "s"}...
            </span>
          </Link>
        )}
        <NotificationsToggle />
      </div>
    </footer>
  );
}
