import type { ClusterInstance } from "../../../api/instances.ts";
import type { InstanceAction } from "../shared/instance-actions.ts";
import { instanceKey } from "./instance-key.ts";
import { InstanceRow } from "./InstanceRow.tsx";
import { SortHeader, type InstanceSort } from "./SortHeader.tsx";

interface Props {
  instances: readonly ClusterInstance[];
  sort: InstanceSort;
  onSort: (sort: InstanceSort) => void;
  selectedKeys: ReadonlySet<string>;
  onToggle: (key: string, selected: boolean) => void;
  onToggleAll: (selected: boolean) => void;
  /** Instances with a write under way. */
  busyKeys: ReadonlySet<string>;
  onAction: (instance: ClusterInstance, action: InstanceAction) => void;
  /** What is shown is the previous answer while the next one loads. */
  stale: boolean;
}

/** One page of instances (at most 100 rows: the server pages). */
export function InstancesTable({
  instances,
  sort,
  onSort,
  selectedKeys,
  onToggle,
  onToggleAll,
  busyKeys,
  onAction,
  stale,
}: Props) {
  const selectedOnPage = instances.filter((instance) =>
    selectedKeys.has(instanceKey(instance)),
  ).length;
  const allSelected = instances.length > 0 && selectedOnPage === instances.length;
  const someSelected = selectedOnPage > 0 && !allSelected;
  const header = { sort, onSort };
  return (
    <div className="instances-list__scroll">
      <table
        className={`instances-list__table${stale ? " is-stale" : ""}`}
        aria-label="Instances"
        aria-busy={stale}
      >
        <thead>
          <tr>
            <th scope="col" className="instances-list__select">
              <input
                type="checkbox"
                aria-label="Select all instances on this page"
                checked={allSelected}
                // A partial selection shows as a dash; the DOM property has no attribute.
                ref={(element) => {
                  if (element) element.indeterminate = someSelected;
                }}
                onChange={(event) => {
                  onToggleAll(event.currentTarget.checked);
                }}
              />
            </th>
            <SortHeader column="name" label="Name" className="instances-list__name" {...header} />
            <SortHeader
              column="status"
              label="Status"
              className="instances-list__status"
              {...header}
            />
            <SortHeader column="app_name" label="Application or image" {...header} />
            <SortHeader column="type" label="Type" className="instances-list__type" {...header} />
            <SortHeader column="node" label="Node" className="instances-list__node" {...header} />
            <th scope="col" className="instances-list__resources">
              Resources
            </th>
            <th scope="col">Tags</th>
            <SortHeader
              column="created_at"
              label="Created"
              className="instances-list__created"
              {...header}
            />
            <th scope="col" className="instances-list__actions">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {instances.map((instance) => {
            const key = instanceKey(instance);
            return (
              <InstanceRow
                key={key}
                instance={instance}
                selected={selectedKeys.has(key)}
                busy={busyKeys.has(key)}
                onToggle={onToggle}
                onAction={onAction}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
