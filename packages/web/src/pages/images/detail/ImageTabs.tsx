import { LinkTabs } from "../../../components/page-layout/LinkTabs.tsx";
import { imageTabPath, imageTabs, type ImageTab } from "./image-tabs.ts";

/** The id of the panel the tabs control (`ImageDetailPage` renders it). */
export const imageTabPanelId = "image-tab-panel";

export const imageTabId = (tab: ImageTab) => `image-tab-${tab}`;

interface Props {
  clusterId: string;
  imageId: string;
  active: ImageTab;
}

/** An image's sections, the open one in the URL. */
export function ImageTabs({ clusterId, imageId, active }: Props) {
  return (
    <LinkTabs
      label="Image sections"
      tabs={imageTabs.map((tab) => ({ ...tab, to: imageTabPath(clusterId, imageId, tab.id) }))}
      active={active}
      tabId={imageTabId}
      panelId={imageTabPanelId}
    />
  );
}
