import type { ClusterInstance } from "../../api/instances.ts";
import { DetailPage, type DetailPageDeclaration } from "../../components/detail/DetailPage.tsx";
import { InstanceTerminalTab } from "../../components/instance-terminal/InstanceTerminalTab.tsx";
import { useInstance } from "../../queries/instances.ts";
import { InstanceActions } from "./detail/InstanceActions.tsx";
import { InstanceLogs } from "./detail/InstanceLogs.tsx";
import { InstanceOverview } from "./detail/InstanceOverview.tsx";
import { instanceTabPath, instanceTabs, type InstanceTab } from "./detail/instance-tabs.ts";
import { InstanceStatusBadge } from "./shared/InstanceStatusBadge.tsx";
import { instanceResource } from "./shared/instance-actions.ts";
import { RequirePermission } from "../../permissions/RequirePermission.tsx";

const instancePage: DetailPageDeclaration<ClusterInstance, InstanceTab> = {
  noun: "instance",
  list: { label: "Instances", path: "/instances" },
  tabs: instanceTabs,
  tabPath: instanceTabPath,
  tourTarget: "browse-your-instances",
  badges: (instance) => <InstanceStatusBadge status={instance.status} />,
  actions: (instance) => <InstanceActions instance={instance} />,
  idParam: "instanceId",
  useResource: useInstance,
  content: (tab, instance) => {
    switch (tab) {
      case "overview":
        return <InstanceOverview instance={instance} />;
      case "logs":
        return (
          <RequirePermission
            action="can_view_logs"
            resource={instanceResource(instance)}
            what="read this instance's logs"
          >
            <InstanceLogs instance={instance} />
          </RequirePermission>
        );
      case "terminal":
        return (
          <RequirePermission
            action="can_exec"
            resource={instanceResource(instance)}
            what="open a shell in this instance"
          >
            <InstanceTerminalTab instance={instance} />
          </RequirePermission>
        );
    }
  },
};

/**
 * `/instances/{clusterId}/{instanceId}/{tab}`: one instance, its actions and its tabs. Lifecycle
 * events refetch the instance, so its status changes here as it changes in the cluster.
 */
export default function InstanceDetailPage() {
  return <DetailPage declaration={instancePage} />;
}
