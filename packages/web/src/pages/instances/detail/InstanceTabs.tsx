import { Link } from "react-router";
import { instanceTabPath, instanceTabs, type InstanceTab } from "./instance-tabs.ts";

/** The id of the panel the tabs control (`InstanceDetailPage` renders it). */
export const instanceTabPanelId = "instance-tab-panel";

export const instanceTabId = (tab: InstanceTab) => `instance-tab-${tab}`;

interface Props {
  clusterId: string;
  instanceId: string;
  active: InstanceTab;
}

/**
 * Vanilla tabs whose items are links: the open tab lives in the URL, so it can be shared and the
 * back button goes to the previous tab.
 */
export function InstanceTabs({ clusterId, instanceId, active }: Props) {
  return (
    <nav className="p-tabs" aria-label="Instance sections">
      <div className="p-tabs__list" role="tablist">
        {instanceTabs.map((tab) => {
          const selected = tab.id === active;
          return (
            <div className="p-tabs__item" key={tab.id}>
              <Link
                className="p-tabs__link"
                role="tab"
                id={instanceTabId(tab.id)}
                aria-selected={selected}
                aria-controls={selected ? instanceTabPanelId : undefined}
                to={instanceTabPath(clusterId, instanceId, tab.id)}
              >
                {tab.label}
              </Link>
            </div>
          );
        })}
      </div>
    </nav>
  );
}
