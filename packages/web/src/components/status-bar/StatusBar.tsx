import { Link } from "react-router";
import { ToastSlot } from "../../context/notifications/ToastSlot.tsx";
import { NotificationsToggle } from "./NotificationsToggle.tsx";

interface Props {
  dashboardVersion: string | undefined;
  runningOperations: number;
  /** The clusters that did not answer their last check, and why. */
  unreachableClusters?: readonly { id: string; message: string }[];
}

/**
 * The bar at the bottom of the application layout: version, clusters that do not answer, running
 * operations, toasts. The toasts are drawn above its line, in the layout's status row (their slot
 * comes after the line, so that the toggle's list follows it in the Tab order).
 */
export function StatusBar({
  dashboardVersion,
  runningOperations,
  unreachableClusters = [],
}: Props) {
  const down = unreachableClusters.map((cluster) => cluster.id).join(", ");
  return (
    <footer className="l-status status-bar" aria-label="Status bar">
      <div className="status-bar__line">
        <span className="status-bar__version">
          Version{" "}
          {dashboardVersion === undefined || dashboardVersion === "" ? "unknown" : dashboardVersion}
        </span>
        <div className="status-bar__items">
          {unreachableClusters.length > 0 && (
            <span
              className="status-bar__clusters"
              role="status"
              title={unreachableClusters.map((cluster) => cluster.message).join("\n")}
            >
              <i className="p-icon--warning" aria-hidden="true" />
              <span className="u-hide--small">
                {unreachableClusters.length === 1
                  ? `Cluster ${down} does not answer`
                  : `Clusters ${down} do not answer`}
              </span>
              <span className="u-hide--medium u-hide--large">{down} down</span>
              <span className="u-off-screen">
                {" "}
                {unreachableClusters.map((cluster) => cluster.message).join(" ")}
              </span>
            </span>
          )}
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
      </div>
      <ToastSlot className="status-bar__toasts" />
    </footer>
  );
}
