import { imageStatuses, imageTypes, type ImagesListOrderBy } from "@anbox-dashboard/contract";
import type { ClusterImage, ImagesListRequest } from "../../../api/images.ts";
import {
  ResourceList,
  type ResourceListDeclaration,
  type RowActions,
} from "../../../components/list/ResourceList.tsx";
import { NameTypeStatusFilters } from "../../../components/list/filters/NameTypeStatusFilters.tsx";
import { queryKeys } from "../../../context/query-keys.ts";
import { useImagesPage } from "../../../queries/images.ts";
import { ImageActionModal } from "../shared/ImageActionModal.tsx";
import { imageTypeLabel } from "../shared/image-facts.ts";
import { imageColumns } from "./image-columns.tsx";
import type { ImageRowAction } from "./ImageRowActions.tsx";
import { defaultOrderFor, imagesListSource, type ImageFilterKey } from "./images-list-request.ts";
import "./_images-list.scss";

const typeOptions = imageTypes.map((type) => ({ value: type, label: imageTypeLabel(type) }));

/**
 * The images of the clusters, a page at a time: search, type, status, sort and page live in the
 * URL, the server filters, sorts and pages, and the events keep it fresh.
 */
const imagesList: ResourceListDeclaration<
  ClusterImage,
  ImagesListOrderBy,
  ImageFilterKey,
  ImagesListRequest,
  ImageRowAction
> = {
  label: "Images",
  noun: { one: "image", other: "images" },
  source: imagesListSource,
  usePage: useImagesPage,
  // Ids are unique per cluster only.
  rowKey: (image) => `${image.clusterId}/${image.id}`,
  defaultOrder: defaultOrderFor,
  columns: imageColumns,
  filters: (list, aside) => (
    <NameTypeStatusFilters
      label="Filter images"
      typeOptions={typeOptions}
      statuses={imageStatuses}
      list={list}
      aside={aside}
    />
  ),
  // A live refetch, another page.
  updatingKey: [...queryKeys.images(), "page"],
  empty: {
    title: "No images",
    children: <p>Images are the Android systems instances and applications start from.</p>,
  },
};

/** Every row action opens its confirmation. */
const rowActions: RowActions<ClusterImage, ImageRowAction> = {
  dialog: (image, action, close) => <ImageActionModal input={{ image, action }} onClose={close} />,
};

export function ImagesList() {
  return <ResourceList declaration={imagesList} rowActions={rowActions} />;
}
