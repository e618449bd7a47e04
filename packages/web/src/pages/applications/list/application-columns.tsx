import type { ApplicationsListOrderBy } from "@anbox-dashboard/contract";
import type { ClusterApplication } from "../../../api/applications.ts";
import type { TableColumn } from "../../../components/table/table-column.ts";
import { formatDate } from "../../../util/dates.ts";
import {
  applicationCreatedAt,
  applicationPath,
  applicationResourcesText,
  applicationTypeLabelOf,
  latestApplicationVersion,
  publishedVersionCount,
} from "../shared/application-facts.ts";
import { ApplicationStatusLabel } from "../shared/ApplicationStatusLabel.tsx";
import { ApplicationRowActions, type ApplicationRowAction } from "./ApplicationRowActions.tsx";
import type { ColumnContext } from "../../../components/list/ResourceList.tsx";
import { nameColumn, statusColumn } from "../../../components/table/common-columns.ts";

export type ApplicationColumn = TableColumn<ClusterApplication, ApplicationsListOrderBy>;

function nameCell(application: ClusterApplication) {
  return (
    <a
      className="applications-list__name"
      href={applicationPath(application.clusterId, application.id)}
    >
      {application.name}
    </a>
  );
}

function imageCell(application: ClusterApplication) {
  // The cluster names the image by id; the server adds its name ("" once the image is gone).
  return application.parent_image_name === ""
    ? application.parent_image_id
    : application.parent_image_name;
}

function createdCell(application: ClusterApplication) {
  const created = applicationCreatedAt(application);
  return created === undefined ? null : formatDate(created * 1000);
}

/**
 * The columns of the applications list. The name, the status and the actions always show; then,
 * as the width shrinks, the cluster, the creation date, the resources, the image, the published
 * versions, the latest version and the type give way, in that order.
 */
export function applicationColumns({
  onAction,
}: Pick<ColumnContext<ClusterApplication, ApplicationRowAction>, "onAction">): ApplicationColumn[] {
  return [
    nameColumn(nameCell),
    statusColumn((application) => <ApplicationStatusLabel status={application.status} />, 8),
    {
      id: "type",
      header: "Type",
      sortKey: "type",
      cell: applicationTypeLabelOf,
      priority: 1,
      minWidth: 7.5,
    },
    {
      id: "latest",
      header: "Latest version",
      sortKey: "latest_version",
      cell: (application) => latestApplicationVersion(application)?.number ?? null,
      priority: 2,
      minWidth: 6,
    },
    {
      id: "published",
      header: "Published versions",
      sortKey: "published_versions",
      cell: publishedVersionCount,
      priority: 3,
      minWidth: 7,
    },
    {
      id: "image",
      header: "Image",
      cell: imageCell,
      priority: 4,
      minWidth: 10,
      grow: 1,
    },
    {
      id: "resources",
      header: "Resources",
      cell: applicationResourcesText,
      priority: 5,
      minWidth: 10,
      grow: 1,
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
      cell: (application) => application.clusterId,
      priority: 7,
      minWidth: 6,
    },
    {
      id: "actions",
      header: "Actions",
      cell: (application) => (
        <ApplicationRowActions application={application} onAction={onAction} />
      ),
      priority: 0,
      minWidth: 16,
      unlabelledInCards: true,
    },
  ];
}
