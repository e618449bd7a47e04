import { useParams } from "react-router";
import type { ClusterInstance } from "../../api/instances.ts";
import { PageLoader } from "../../components/PageLoader.tsx";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { InstanceDetailHeader } from "./detail/InstanceDetailHeader.tsx";
import { InstanceLogs } from "./detail/InstanceLogs.tsx";
import { InstanceNotFound } from "./detail/InstanceNotFound.tsx";
import { InstanceOverview } from "./detail/InstanceOverview.tsx";
import { InstanceTerminalTab } from "../../components/instance-terminal/InstanceTerminalTab.tsx";
import { instanceTabOf, type InstanceTab } from "./detail/instance-tabs.ts";
import { InstanceTabs, instanceTabId, instanceTabPanelId } from "./detail/InstanceTabs.tsx";
import { isNotFound } from "../../api/api-fetch.ts";
import { useInstance } from "../../queries/instances.ts";

/**
 * `/instances/{clusterId}/{instanceId}/{tab}`: one instance, its actions and its tabs (overview
 * when the URL names none or an unknown one). Lifecycle events refetch the instance, so its
 * status changes here as it changes in the cluster.
 */
export default function InstanceDetailPage() {
  const { clusterId = "", instanceId = "", tab } = useParams();
  const instance = useInstance(clusterId, instanceId);
  const activeTab = instanceTabOf(tab);
  // Gone (deleted meanwhile, or a wrong link): whatever was shown before is no longer true.
  const notFound = isNotFound(instance.error);
  const shown = notFound ? undefined : instance.data;

  return (
    <div className="p-panel page-layout instance-detail">
      <InstanceDetailHeader fallbackTitle={instanceId} instance={shown} />
      <div className="p-panel__content page-layout__content">
        {instance.isPending && <PageLoader />}
        {notFound && <InstanceNotFound clusterId={clusterId} instanceId={instanceId} />}
        {instance.isError && !notFound && (
          <ErrorNotice
            title={shown ? "Cannot refresh this instance" : "Cannot load this instance"}
            error={instance.error}
          />
        )}
        {shown && (
          <>
            <InstanceTabs clusterId={clusterId} instanceId={instanceId} active={activeTab} />
            <div role="tabpanel" id={instanceTabPanelId} aria-labelledby={instanceTabId(activeTab)}>
              <TabContent tab={activeTab} instance={shown} />
            </div>
          </>
        )}
      </div>
    </div>
  );
}

function TabContent({ tab, instance }: { tab: InstanceTab; instance: ClusterInstance }) {
  switch (tab) {
    case "overview":
      return <InstanceOverview instance={instance} />;
    case "logs":
      return <InstanceLogs instance={instance} />;
    case "terminal":
      return <InstanceTerminalTab instance={instance} />;
  }
}
