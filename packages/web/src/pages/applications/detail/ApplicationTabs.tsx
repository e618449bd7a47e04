import { LinkTabs } from "../../../components/page-layout/LinkTabs.tsx";
import { applicationTabPath, applicationTabs, type ApplicationTab } from "./application-tabs.ts";

/** The id of the panel the tabs control (`ApplicationDetailPage` renders it). */
export const applicationTabPanelId = "application-tab-panel";

export const applicationTabId = (tab: ApplicationTab) => `application-tab-${tab}`;

interface Props {
  clusterId: string;
  applicationId: string;
  active: ApplicationTab;
}

/** An application's sections, the open one in the URL. */
export function ApplicationTabs({ clusterId, applicationId, active }: Props) {
  return (
    <LinkTabs
      label="Application sections"
      tabs={applicationTabs.map((tab) => ({
        ...tab,
        to: applicationTabPath(clusterId, applicationId, tab.id),
      }))}
      active={active}
      tabId={applicationTabId}
      panelId={applicationTabPanelId}
    />
  );
}
