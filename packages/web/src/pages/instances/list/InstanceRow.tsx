import { memo } from "react";
import type { ClusterInstance } from "../../../api/instances.ts";
import { formatDate } from "../../../util/dates.ts";
import { InstanceStatusBadge } from "../shared/InstanceStatusBadge.tsx";
import { sessionIdOf, type InstanceAction } from "../shared/instance-actions.ts";
import { formatResources } from "./format-resources.ts";
import { instanceKey } from "./instance-key.ts";
import { InstanceRowActions } from "./InstanceRowActions.tsx";

interface Props {
  instance: ClusterInstance;
  selected: boolean;
  busy: boolean;
  onToggle: (key: string, selected: boolean) => void;
  onAction: (instance: ClusterInstance, action: InstanceAction) => void;
}

/**
 * One instance. Its links are plain anchors, which the table follows in the app
 * (`followInAppLink`). Memoised: a live refetch keeps the objects of unchanged instances (TanStack
 * Query's structural sharing), so only the rows that changed render again.
 */
export const InstanceRow = memo(function InstanceRow({
  instance,
  selected,
  busy,
  onToggle,
  onAction,
}: Props) {
  const key = instanceKey(instance);
  const sessionId = sessionIdOf(instance.tags);
  const path = `/instances/${encodeURIComponent(instance.clusterId)}/${encodeURIComponent(instance.id)}`;
  const created = instance.created_at > 0 ? new Date(instance.created_at * 1000) : undefined;
  return (
    <tr
      role="row"
      data-instance-id={instance.id}
      data-instance-key={key}
      className={selected ? "is-selected" : undefined}
    >
      <td role="cell" className="instances-list__select">
        <input
          type="checkbox"
          aria-label={`Select ${instance.name}`}
          checked={selected}
          onChange={(event) => {
            onToggle(key, event.currentTarget.checked);
          }}
        />
      </td>
      <th scope="row" role="rowheader">
        <a href={path}>{instance.name}</a>
        {sessionId !== undefined && (
          <div className="instances-list__stream">
            <span className="instances-list__streamable">Streamable</span>
            {instance.status === "running" && (
              <a
                href={`/sessions/${encodeURIComponent(sessionId)}`}
                aria-label={`Stream ${instance.name}`}
              >
                Stream
              </a>
            )}
          </div>
        )}
      </th>
      <td role="cell">
        <InstanceStatusBadge status={instance.status} />
      </td>
      <td role="cell">
        {instance.app_name !== "" ? (
          instance.app_name
        ) : (
          <>
            {instance.image_name} <span className="instances-list__muted">(image)</span>
          </>
        )}
      </td>
      <td role="cell">{instance.type}</td>
      <td role="cell">{instance.node}</td>
      <td role="cell">{formatResources(instance.resources)}</td>
      <td role="cell">
        {instance.tags.length > 0 && (
          <ul className="instances-list__tags">
            {instance.tags.map((tag) => (
              <li key={tag} className="instances-list__tag">
                {tag}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td role="cell">
        {created && <time dateTime={created.toISOString()}>{formatDate(created.getTime())}</time>}
      </td>
      <td role="cell">
        <InstanceRowActions instance={instance} busy={busy} onAction={onAction} />
      </td>
    </tr>
  );
});
