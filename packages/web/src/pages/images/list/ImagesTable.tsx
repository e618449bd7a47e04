import { useMemo } from "react";
import type { ImagesListOrderBy } from "@anbox-dashboard/contract";
import type { ClusterImage } from "../../../api/images.ts";
import { ListTable } from "../../../components/table/ListTable.tsx";
import type { ColumnSort } from "../../../components/table/SortableHeader.tsx";
import { imageColumns } from "./image-columns.tsx";
import { defaultOrderFor } from "./images-list-request.ts";
import type { ImageRowAction } from "./ImageRowActions.tsx";

interface Props {
  images: readonly ClusterImage[];
  sort: ColumnSort<ImagesListOrderBy>;
  onSort: (sort: ColumnSort<ImagesListOrderBy>) => void;
  onAction: (image: ClusterImage, action: ImageRowAction) => void;
  /** What is shown is the previous answer while the next one loads. */
  stale: boolean;
  /** Each row says its cluster (useNamesClusters). */
  showCluster: boolean;
}

/** Ids are unique per cluster only. */
export const imageKey = (image: ClusterImage) => `${image.clusterId}/${image.id}`;

/** One page of images with their columns and actions. */
export function ImagesTable({ images, sort, onSort, onAction, stale, showCluster }: Props) {
  // The same columns from render to render, or every row would render again.
  const columns = useMemo(() => imageColumns(onAction, showCluster), [onAction, showCluster]);
  return (
    <ListTable
      label="Images"
      rows={images}
      rowKey={imageKey}
      columns={columns}
      sort={sort}
      onSort={onSort}
      defaultOrder={defaultOrderFor}
      stale={stale}
    />
  );
}
