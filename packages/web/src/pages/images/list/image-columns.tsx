import type { ImagesListOrderBy } from "@anbox-dashboard/contract";
import type { ClusterImage } from "../../../api/images.ts";
import { breakableText } from "../../../components/table/breakable-text.tsx";
import type { ColumnContext } from "../../../components/list/ResourceList.tsx";
import type { TableColumn } from "../../../components/table/table-column.ts";
import { formatBytes } from "../../../util/bytes.ts";
import { formatDate } from "../../../util/dates.ts";
import {
  imageCreatedAt,
  imagePath,
  imageTypeLabel,
  latestVersionOf,
} from "../shared/image-facts.ts";
import { ImageStatusLabel } from "../shared/ImageStatusLabel.tsx";
import { ImageRowActions, type ImageRowAction } from "./ImageRowActions.tsx";
import { nameColumn, statusColumn } from "../../../components/table/common-columns.ts";

export type ImageColumn = TableColumn<ClusterImage, ImagesListOrderBy>;

/**
 * The name, linking to the image's page, and its cluster when the dashboard manages several:
 * each cluster has its own "jammy:android15:amd64", and the Cluster column gives way early.
 */
function nameCell(showCluster: boolean) {
  return (image: ClusterImage) => (
    <>
      {/* "jammy:android15:amd64" wraps after a colon, never mid-word; the link is named whole
          (the break marks are no part of its name). */}
      <a
        className="images-list__name"
        href={imagePath(image.clusterId, image.id)}
        aria-label={image.name}
      >
        {breakableText(image.name)}
      </a>
      {showCluster && <small className="images-list__cluster"> on {image.clusterId}</small>}
    </>
  );
}

function defaultCell(image: ClusterImage) {
  return image.default ? (
    <span className="p-status-label--positive">Default {imageTypeLabel(image.type)}</span>
  ) : null;
}

function createdCell(image: ClusterImage) {
  const created = imageCreatedAt(image);
  return created === undefined ? null : formatDate(created * 1000);
}

/**
 * The columns of the images list. The name (with the cluster when there are several), the type,
 * the status and the actions always show: an image's container and VM variants share a name,
 * and only the type tells their rows apart.
 * Then, as the width shrinks, the cluster, the architecture, the creation date, the number of
 * versions, the size, the latest version and the default flag give way, in that order.
 */
export function imageColumns({
  onAction,
  showCluster,
}: ColumnContext<ClusterImage, ImageRowAction>): ImageColumn[] {
  return [
    nameColumn(nameCell(showCluster)),
    {
      id: "type",
      header: "Type",
      sortKey: "type",
      cell: (image) => imageTypeLabel(image.type),
      priority: 0,
      minWidth: 6.5,
    },
    {
      id: "default",
      header: "Default",
      cell: defaultCell,
      priority: 1,
      minWidth: 9.5,
    },
    statusColumn((image) => <ImageStatusLabel status={image.status} />, 7),
    {
      id: "latest",
      header: "Latest version",
      cell: (image) => latestVersionOf(image)?.version ?? null,
      priority: 3,
      minWidth: 6,
    },
    {
      id: "versions",
      header: "Versions",
      cell: (image) => image.versions.length,
      priority: 5,
      minWidth: 6,
    },
    {
      id: "size",
      header: "Size",
      sortKey: "size",
      cell: (image) => {
        const latest = latestVersionOf(image);
        return latest === undefined ? null : formatBytes(latest.size);
      },
      priority: 4,
      minWidth: 6.5,
    },
    {
      id: "architecture",
      header: "Architecture",
      cell: (image) => image.architecture,
      priority: 7,
      minWidth: 7.5,
    },
    {
      id: "created",
      header: "Created",
      sortKey: "created_at",
      cell: createdCell,
      priority: 6,
      minWidth: 8.5,
    },
    {
      id: "cluster",
      header: "Cluster",
      cell: (image) => image.clusterId,
      priority: 8,
      minWidth: 6,
    },
    {
      id: "actions",
      header: "Actions",
      cell: (image) => <ImageRowActions image={image} onAction={onAction} />,
      priority: 0,
      minWidth: 16,
      unlabelledInCards: true,
    },
  ];
}
