import { useCallback, useMemo } from "react";
import { Outlet, useLocation } from "react-router";
import type { Cluster } from "../api/clusters.ts";
import { Navigation } from "../components/navigation/Navigation.tsx";
import { LazyTourPanel } from "../components/side-panel/lazy-tour-panel.ts";
import { StatusBar } from "../components/status-bar/StatusBar.tsx";
import { LazyUpdateModal } from "../components/update-modal/lazy-update-modal.ts";
import { useToast } from "../context/notifications/use-toast.ts";
import { useClusters } from "../queries/clusters.ts";
import { useSessionInfo } from "../queries/session-info.ts";
import { TourProvider } from "../tour/TourProvider.tsx";
import { useTour } from "../tour/tour-context.ts";
import { EventsProvider, useRunningOperationsCount } from "./events-bridge.tsx";
import { isLandingPath, isVdiPath } from "./paths.ts";
import { ViewAsBanner } from "./ViewAsBanner.tsx";
import { ReasonTip } from "../components/actions/ReasonTip.tsx";

const noClusters: Cluster[] = [];

/**
 * The signed-in dashboard (inside `RequireSession`): Vanilla's application layout with the side
 * navigation, the page, the tour panel and the status bar, and one events connection per cluster.
 * The VDI view fills the window instead; the landing path has no navigation.
 */
export function AppShell() {
  const { pathname } = useLocation();
  const info = useSessionInfo();
  const clusters = useClusters();
  const notify = useToast();
  const vdi = isVdiPath(pathname);

  const onConnectionFailure = useCallback(
    (clusterId: string) => {
      // The VDI view has no status bar to list the toast in: it stays quiet.
      if (isVdiPath(window.location.pathname)) return;
      notify.failure(
        "Events unavailable",
        `Failed to connect to the events websocket of cluster ${clusterId}`,
      );
    },
    [notify],
  );
  const onConnectionRecovered = useCallback(
    (clusterId: string) => {
      if (isVdiPath(window.location.pathname)) return;
      notify.success("Events back", `Cluster ${clusterId} answers again: its pages are live`);
    },
    [notify],
  );

  return (
    <EventsProvider
      clusters={clusters.data ?? (clusters.isError ? noClusters : undefined)}
      onConnectionFailure={onConnectionFailure}
      onConnectionRecovered={onConnectionRecovered}
    >
      {vdi ? (
        <main className="vdi-main" id="main-content" tabIndex={-1}>
          <Outlet />
        </main>
      ) : (
        <TourProvider>
          <ApplicationLayout
            showNavigation={!isLandingPath(pathname)}
            dashboardVersion={info.data?.dashboard_version}
            hasVersionUpdateModal={info.data?.has_version_update_modal ?? false}
          />
        </TourProvider>
      )}
    </EventsProvider>
  );
}

interface LayoutProps {
  showNavigation: boolean;
  dashboardVersion: string | undefined;
  hasVersionUpdateModal: boolean;
}

function ApplicationLayout({
  showNavigation,
  dashboardVersion,
  hasVersionUpdateModal,
}: LayoutProps) {
  const info = useSessionInfo();
  const runningOperations = useRunningOperationsCount();
  const tour = useTour();
  const clusters = useClusters();
  const unreachableClusters = useMemo(
    () =>
      (clusters.data ?? []).flatMap((cluster) =>
        cluster.health?.reachable === false
          ? [{ id: cluster.id, message: cluster.health.message ?? "It does not answer." }]
          : [],
      ),
    [clusters.data],
  );
  return (
    <div className="l-application">
      <a className="p-link--skip" href="#main-content">
        Skip to main content
      </a>
      {showNavigation && info.data && (
        <Navigation info={info.data} tourOpen={tour.panelOpen} onToggleTour={tour.togglePanel} />
      )}
      <main className="l-main" id="main-content" tabIndex={-1}>
        <ViewAsBanner />
        <Outlet />
      </main>
      {tour.panelOpen && <LazyTourPanel />}
      <StatusBar
        dashboardVersion={dashboardVersion}
        runningOperations={runningOperations}
        unreachableClusters={unreachableClusters}
      />
      {hasVersionUpdateModal && <LazyUpdateModal show />}
      <ReasonTip />
    </div>
  );
}
