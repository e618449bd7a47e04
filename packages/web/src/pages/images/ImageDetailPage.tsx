import type { ClusterImage } from "../../api/images.ts";
import { DetailPage, type DetailPageDeclaration } from "../../components/detail/DetailPage.tsx";
import { useImage } from "../../queries/images.ts";
import { ImageDetailActions } from "./detail/ImageDetailActions.tsx";
import { ImageOverview } from "./detail/ImageOverview.tsx";
import { imageTabPath, imageTabs, type ImageTab } from "./detail/image-tabs.ts";
import { ImageUsedBy } from "./detail/ImageUsedBy.tsx";
import { ImageVersions } from "./detail/ImageVersions.tsx";
import { ImageStatusLabel } from "./shared/ImageStatusLabel.tsx";
import { imageTypeLabel } from "./shared/image-facts.ts";
import "./detail/_image-detail.scss";

const imagePage: DetailPageDeclaration<ClusterImage, ImageTab> = {
  noun: "image",
  list: { label: "Images", path: "/images" },
  tabs: imageTabs,
  tabPath: imageTabPath,
  badges: (image) => (
    <>
      <ImageStatusLabel status={image.status} />
      {image.default && (
        <span className="p-status-label--positive">Default {imageTypeLabel(image.type)}</span>
      )}
    </>
  ),
  actions: (image) => <ImageDetailActions image={image} />,
  idParam: "id",
  useResource: useImage,
  content: (tab, image) => {
    switch (tab) {
      case "overview":
        return <ImageOverview image={image} />;
      case "versions":
        return <ImageVersions image={image} />;
      case "used-by":
        return <ImageUsedBy image={image} />;
    }
  },
};

/**
 * `/images/{clusterId}/{id}/{tab}`: one image, its actions and its tabs. Lifecycle events
 * refetch it, so a new default or a deleted version shows without a reload.
 */
export default function ImageDetailPage() {
  return <DetailPage declaration={imagePage} />;
}
