import type { InstanceListOrderBy } from "@anbox-dashboard/contract";
import type { ClusterInstance } from "../../../api/instances.ts";
import { breakableText } from "../../../components/table/breakable-text.tsx";
import type { TableColumn } from "../../../components/table/table-column.ts";
import { formatDate } from "../../../util/dates.ts";
import { InstanceStatusBadge } from "../shared/InstanceStatusBadge.tsx";
import { sessionIdOf, streamOffReason, type InstanceAction } from "../shared/instance-actions.ts";
import { formatResources } from "./format-resources.ts";
import { InstanceRowActions } from "./InstanceRowActions.tsx";
import type { ColumnContext } from "../../../components/list/ResourceList.tsx";
import { nameColumn, statusColumn } from "../../../components/table/common-columns.ts";

export type InstanceColumn = TableColumn<ClusterInstance, InstanceListOrderBy>;

function instancePath(instance: ClusterInstance): string {
  return `/instances/${encodeURIComponent(instance.clusterId)}/${encodeURIComponent(instance.id)}`;
}

/**
 * The name, linking to the instance's page (and its cluster, when the page holds several
 * clusters' instances), and whether (and how) it can be streamed.
 */
function nameCell(showCluster: boolean) {
  return (instance: ClusterInstance) => <NameCell instance={instance} showCluster={showCluster} />;
}

function NameCell({ instance, showCluster }: { instance: ClusterInstance; showCluster: boolean }) {
  const sessionId = sessionIdOf(instance.tags);
  return (
    <>
      {/* A long generated name wraps between its parts, never mid-word; the name is said whole
          (the break marks are no part of it). */}
      <a href={instancePath(instance)} aria-label={instance.name}>
        {breakableText(instance.name)}
      </a>
      {showCluster && <small className="instances-list__cluster"> on {instance.clusterId}</small>}
      {sessionId !== undefined && (
        <div className="instances-list__stream">
          <span className="instances-list__streamable">Streamable</span>
          {instance.status === "running" ? (
            <a
              href={`/sessions/${encodeURIComponent(sessionId)}`}
              aria-label={`Stream ${instance.name}`}
              data-tour="stream-instance"
            >
              Stream
            </a>
          ) : (
            // Disabled with its reason rather than hidden: the row says it can stream, and when.
            <span
              role="link"
              aria-disabled="true"
              tabIndex={0}
              className="instances-list__stream-off"
              aria-label={`Stream ${instance.name}`}
              title={streamOffReason(instance.status)}
            >
              Stream
            </span>
          )}
        </div>
      )}
    </>
  );
}

/** The application it runs, or the image it was made from: a long name wraps between its parts. */
function sourceCell(instance: ClusterInstance) {
  if (instance.app_name !== "") {
    return (
      <span className="instances-list__source" title={instance.app_name}>
        {breakableText(instance.app_name)}
      </span>
    );
  }
  return (
    <span className="instances-list__source" title={`${instance.image_name} (image)`}>
      {breakableText(instance.image_name)} <span className="instances-list__muted">(image)</span>
    </span>
  );
}

/** Each tag on a line of its own, cut with an ellipsis when too long (the tooltip has it whole). */
function tagsCell(instance: ClusterInstance) {
  if (instance.tags.length === 0) return null;
  return (
    <ul className="instances-list__tags">
      {instance.tags.map((tag) => (
        <li key={tag} className="instances-list__tag" title={tag}>
          {tag}
        </li>
      ))}
    </ul>
  );
}

function createdCell(instance: ClusterInstance) {
  if (instance.created_at <= 0) return null;
  const created = new Date(instance.created_at * 1000);
  return <time dateTime={created.toISOString()}>{formatDate(created.getTime())}</time>;
}

/**
 * The columns of the instance list. The name, the status and the actions always show; the others
 * give way as the width shrinks, the least needed first: resources, type, node, tags, the time
 * created, then the application. Widths are what their content needs at the least (the actions:
 * three buttons whole).
 */
export function instanceColumns({
  onAction,
  showCluster,
}: ColumnContext<ClusterInstance, InstanceAction>): InstanceColumn[] {
  return [
    nameColumn(nameCell(showCluster)),
    statusColumn((instance) => <InstanceStatusBadge status={instance.status} />, 6),
    {
      id: "source",
      header: "Application or image",
      sortKey: "app_name",
      cell: sourceCell,
      priority: 1,
      minWidth: 9,
      grow: 2,
    },
    {
      id: "type",
      header: "Type",
      sortKey: "type",
      cell: (instance) => instance.type,
      priority: 5,
      minWidth: 6,
    },
    {
      id: "node",
      header: "Node",
      sortKey: "node",
      cell: (instance) => instance.node,
      priority: 4,
      minWidth: 6,
      grow: 1,
    },
    {
      id: "resources",
      header: "Resources",
      cell: (instance) => formatResources(instance.resources),
      priority: 6,
      minWidth: 10,
      hideInCards: true,
    },
    {
      id: "tags",
      header: "Tags",
      cell: tagsCell,
      priority: 3,
      minWidth: 9,
      grow: 2,
    },
    {
      id: "created",
      header: "Created",
      sortKey: "created_at",
      cell: createdCell,
      priority: 2,
      minWidth: 8.5,
    },
    {
      id: "actions",
      header: "Actions",
      cell: (instance, { busy }) => (
        <InstanceRowActions instance={instance} busy={busy} onAction={onAction} />
      ),
      priority: 0,
      minWidth: 12.5,
      unlabelledInCards: true,
    },
  ];
}
