import { Link } from "react-router";
import { imageTabPath, imageTabs, type ImageTab } from "./image-tabs.ts";

/** The id of the panel the tabs control (`ImageDetailPage` renders it). */
export const imageTabPanelId = "image-tab-panel";

export const imageTabId = (tab: ImageTab) => `image-tab-${tab}`;

interface Props {
  clusterId: string;
  imageId: string;
  active: ImageTab;
}

/** Vanilla tabs whose items are links: the open tab lives in the URL. */
export function ImageTabs({ clusterId, imageId, active }: Props) {
  return (
    <nav className="p-tabs" aria-label="Image sections">
      <div className="p-tabs__list" role="tablist">
        {imageTabs.map((tab) => {
          const selected = tab.id === active;
          return (
            <div className="p-tabs__item" key={tab.id}>
              <Link
                className="p-tabs__link"
                role="tab"
                id={imageTabId(tab.id)}
                aria-selected={selected}
                aria-controls={selected ? imageTabPanelId : undefined}
                to={imageTabPath(clusterId, imageId, tab.id)}
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
