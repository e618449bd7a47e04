import { Link, useParams } from "react-router";
import type { ClusterImage } from "../../api/images.ts";
import { isNotFound } from "../../api/api-fetch.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import { PageHeading } from "../../components/page-layout/PageHeading.tsx";
import { useImage } from "../../queries/images.ts";
import { ImageDetailActions } from "./detail/ImageDetailActions.tsx";
import { ImageNotFound } from "./detail/ImageNotFound.tsx";
import { ImageOverview } from "./detail/ImageOverview.tsx";
import { imageTabOf, type ImageTab } from "./detail/image-tabs.ts";
import { ImageTabs, imageTabId, imageTabPanelId } from "./detail/ImageTabs.tsx";
import { ImageUsedBy } from "./detail/ImageUsedBy.tsx";
import { ImageVersions } from "./detail/ImageVersions.tsx";
import { ImageStatusLabel } from "./shared/ImageStatusLabel.tsx";
import { imageTypeLabel } from "./shared/image-facts.ts";
import "./detail/_image-detail.scss";

/**
 * `/images/{clusterId}/{id}/{tab}`: one image, its actions and its tabs (overview when the URL
 * names none or an unknown one). Lifecycle events refetch it, so a new default or a deleted
 * version shows without a reload; an image that does not exist is said so, not titled by its id.
 */
export default function ImageDetailPage() {
  const { clusterId = "", id = "", tab } = useParams();
  const image = useImage(clusterId, id);
  const activeTab = imageTabOf(tab);
  const notFound = isNotFound(image.error);
  const shown = notFound ? undefined : image.data;
  const title = notFound ? "Image not found" : (shown?.name ?? "Image");

  return (
    <div className="p-panel page-layout image-detail">
      <div className="p-panel__header page-layout__header image-detail__header">
        <div className="image-detail__title">
          <nav aria-label="Breadcrumb">
            <Link to="/images">Images</Link>
            <span aria-hidden="true"> / </span>
          </nav>
          <PageHeading className="p-panel__title image-detail__name">{title}</PageHeading>
          {shown && <ImageStatusLabel status={shown.status} />}
          {shown?.default && (
            <span className="p-status-label--positive">Default {imageTypeLabel(shown.type)}</span>
          )}
        </div>
        {shown && (
          <div className="p-panel__controls">
            <ImageDetailActions image={shown} />
          </div>
        )}
      </div>
      <div className="p-panel__content page-layout__content">
        {image.isPending && <PageLoader />}
        {notFound && <ImageNotFound clusterId={clusterId} imageId={id} />}
        {image.isError && !notFound && (
          <ErrorNotice
            title={shown ? "Cannot refresh this image" : "Cannot load this image"}
            error={image.error}
          />
        )}
        {shown && (
          <>
            <ImageTabs clusterId={clusterId} imageId={id} active={activeTab} />
            <div role="tabpanel" id={imageTabPanelId} aria-labelledby={imageTabId(activeTab)}>
              <TabContent tab={activeTab} image={shown} />
            </div>
          </>
        )}
      </div>
    </div>
  );
}

function TabContent({ tab, image }: { tab: ImageTab; image: ClusterImage }) {
  switch (tab) {
    case "overview":
      return <ImageOverview image={image} />;
    case "versions":
      return <ImageVersions image={image} />;
    case "used-by":
      return <ImageUsedBy image={image} />;
  }
}
