import { LinkTabs } from "../../../components/page-layout/LinkTabs.tsx";
import { instanceTabPath, instanceTabs, type InstanceTab } from "./instance-tabs.ts";

/** The id of the panel the tabs control (`InstanceDetailPage` renders it). */
export const instanceTabPanelId = "instance-tab-panel";

export const instanceTabId = (tab: InstanceTab) => `instance-tab-${tab}`;

interface Props {
  clusterId: string;
  instanceId: string;
  active: InstanceTab;
}

/** An instance's sections, the open one in the URL. */
export function InstanceTabs({ clusterId, instanceId, active }: Props) {
  return (
    <LinkTabs
      label="Instance sections"
      tabs={instanceTabs.map((tab) => ({
        ...tab,
        to: instanceTabPath(clusterId, instanceId, tab.id),
      }))}
      active={active}
      tabId={instanceTabId}
      panelId={instanceTabPanelId}
    />
  );
}
