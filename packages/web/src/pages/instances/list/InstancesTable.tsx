import { useLayoutEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { followInAppLink } from "../../../util/follow-in-app-link.ts";
import type { ClusterInstance } from "../../../api/instances.ts";
import type { InstanceAction } from "../shared/instance-actions.ts";
import { instanceKey } from "./instance-key.ts";
import { InstanceRow } from "./InstanceRow.tsx";
import { SortableHeader } from "../../../components/table/SortableHeader.tsx";
import { defaultOrderFor, type InstanceSort } from "./list-request.ts";
import { useRowSlots } from "./use-row-slots.ts";

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

/**
 * One page of instances (at most 100 rows: the server pages). Rows are reused from answer to answer
 * (`assignRowSlots`): an instance keeps its row, one that arrives takes the row of one that left.
 */
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
  const header = { sort, onSort, defaultOrder: defaultOrderFor };
  const navigate = useNavigate();

  const slots = useRowSlots(instances.map(instanceKey));
  const body = useRef<HTMLTableSectionElement>(null);
  const focusedRowKey = useRef<string>(undefined);
  useLayoutEffect(() => {
    // A row now showing another instance must not keep the focus it had for the one that left:
    // a key pressed then would act on the wrong instance. As if the row had gone, focus leaves.
    const active = document.activeElement;
    const row = active?.closest("tr[data-instance-key]");
    if (!(active instanceof HTMLElement) || !row || !body.current?.contains(row)) return;
    if (row.getAttribute("data-instance-key") !== focusedRowKey.current) active.blur();
  }, [slots]);
  return (
    <div className="instances-list__scroll">
      <table
        className={`instances-list__table${stale ? " is-stale" : ""}`}
        // Roles written out: the grid layout of the stylesheet changes the parts' display.
        role="table"
        aria-label="Instances"
        aria-busy={stale}
      >
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader" className="instances-list__select">
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
            <SortableHeader column="name" label="Name" {...header} />
            <SortableHeader column="status" label="Status" {...header} />
            <SortableHeader column="app_name" label="Application or image" {...header} />
            <SortableHeader column="type" label="Type" {...header} />
            <SortableHeader column="node" label="Node" {...header} />
            <th scope="col" role="columnheader">
              Resources
            </th>
            <th scope="col" role="columnheader">
              Tags
            </th>
            <SortableHeader column="created_at" label="Created" {...header} />
            <th scope="col" role="columnheader">
              Actions
            </th>
          </tr>
        </thead>
        <tbody
          ref={body}
          role="rowgroup"
          onClick={(event) => {
            followInAppLink(event, navigate);
          }}
          onFocus={(event) => {
            focusedRowKey.current =
              event.target.closest("tr")?.getAttribute("data-instance-key") ?? undefined;
          }}
        >
          {instances.map((instance) => {
            const key = instanceKey(instance);
            return (
              <InstanceRow
                key={slots.get(key)}
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
