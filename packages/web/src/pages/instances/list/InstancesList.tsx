import { useCallback, useMemo, useState } from "react";
import type { ClusterInstance } from "../../../api/instances.ts";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { useListParams } from "../../../util/use-list-params.ts";
import { deleteNeedsForce, type InstanceAction } from "../shared/instance-actions.ts";
import { useInstanceAction } from "../shared/use-instance-mutations.ts";
import { BulkActionModal } from "./BulkActionModal.tsx";
import { BulkActionsBar } from "./BulkActionsBar.tsx";
import { planBulkAction, type BulkPlan } from "./bulk-plan.ts";
import { DeleteInstanceModal } from "../shared/DeleteInstanceModal.tsx";
import { instanceKey } from "./instance-key.ts";
import { InstancesEmptyState } from "./InstancesEmptyState.tsx";
import { InstancesFilterBar } from "./InstancesFilterBar.tsx";
import { InstancesPagination } from "./InstancesPagination.tsx";
import { InstancesTable } from "./InstancesTable.tsx";
import { RefreshingIndicator } from "./RefreshingIndicator.tsx";
import { instancesListRequest, isFiltered, type InstanceSort } from "./list-request.ts";
import {
  bulkActionInput,
  useBulkInstanceAction,
  type BulkActionInput,
} from "./use-bulk-instance-action.ts";
import { useInstanceSelection } from "./use-instance-selection.ts";
import { useInstancesList } from "./use-instances-list.ts";
import { useListFilter } from "./use-list-filter.ts";
import { usePendingInstanceKeys } from "./use-pending-instance-keys.ts";
import "./_instances-list.scss";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";

const underWayWords: Record<InstanceAction, string> = {
  start: "Starting",
  stop: "Stopping",
  delete: "Deleting",
};

/** "Starting 2 instances": what the bulk action under way does. */
function bulkUnderWayText({ plan, instances }: BulkActionInput): string {
  const count = instances.length === 1 ? "1 instance" : `${String(instances.length)} instances`;
  return `${underWayWords[plan.action]} ${count}`;
}

/**
 * Why an answer holds no rows: there are no instances at all, the filters hide them all, or the
 * page is past the end (the list shrank); undefined when it holds some.
 */
function whyEmpty(
  rowCount: number,
  total: number,
  filtered: boolean,
): "none" | "no-match" | "past-end" | undefined {
  if (rowCount > 0) return undefined;
  if (total > 0) return "past-end";
  return filtered ? "no-match" : "none";
}

/**
 * The instances of every cluster, a page at a time: search, filters, sort and page live in the
 * URL, the server does the work, and the rows stay on screen while the next answer loads.
 */
export function InstancesList() {
  const { params, setParams } = useListParams();
  const { setFilter, clearFilters } = useListFilter();
  const request = useMemo(() => instancesListRequest(params), [params]);
  const filtered = isFiltered(request);
  const list = useInstancesList(request);
  const rows = list.data?.metadata;
  const total = list.data?.total_size ?? 0;

  const selection = useInstanceSelection(rows, JSON.stringify(request));
  const pendingKeys = usePendingInstanceKeys();

  const [deleteTargetKey, setDeleteTargetKey] = useState<string>();
  const [bulkPlan, setBulkPlan] = useState<BulkPlan>();
  const { mutate: runAction } = useInstanceAction();
  const bulk = useBulkInstanceAction();

  const onAction = useCallback(
    (instance: ClusterInstance, action: InstanceAction) => {
      if (action === "delete") setDeleteTargetKey(instanceKey(instance));
      else runAction({ instance, action });
    },
    [runAction, setDeleteTargetKey],
  );
  // The latest answer's copy, so that the modal sees a status changed while it is open.
  const deleteTarget = rows?.find((instance) => instanceKey(instance) === deleteTargetKey);

  const sort: InstanceSort = { orderBy: request.orderBy, order: request.order };
  const onSort = useCallback(
    (next: InstanceSort) => {
      setParams({ orderBy: next.orderBy, order: next.order });
    },
    [setParams],
  );

  const emptyReason = rows === undefined ? undefined : whyEmpty(rows.length, total, filtered);
  const bulkUnderWay = bulk.isPending ? bulkUnderWayText(bulk.variables) : undefined;

  return (
    <div className="instances-list">
      {emptyReason !== "none" && (
        <InstancesFilterBar
          filters={params.filters}
          onFilter={setFilter}
          onClear={clearFilters}
          filtered={filtered}
        />
      )}
      {list.isError && <ErrorNotice title="Cannot load the instances" error={list.error} />}
      {list.isPending && <PageLoader />}
      {emptyReason !== undefined && (
        <InstancesEmptyState
          reason={emptyReason}
          onClearFilters={clearFilters}
          onFirstPage={() => {
            setParams({ page: 1 });
          }}
        />
      )}
      {rows !== undefined && rows.length > 0 && (
        <>
          <div className="instances-list__toolbar">
            <BulkActionsBar
              selected={selection.selected}
              onAction={(action) => {
                setBulkPlan(planBulkAction(action, selection.selected));
              }}
              onClearSelection={selection.clear}
              underWay={bulkUnderWay}
            />
            <RefreshingIndicator />
          </div>
          <InstancesTable
            instances={rows}
            sort={sort}
            onSort={onSort}
            selectedKeys={selection.keys}
            onToggle={selection.toggle}
            onToggleAll={selection.setAll}
            busyKeys={pendingKeys}
            onAction={onAction}
            stale={list.isPlaceholderData}
          />
        </>
      )}
      {list.data !== undefined && total > 0 && (
        <InstancesPagination
          page={request.page}
          size={params.size}
          total={total}
          onPage={(page) => {
            setParams({ page });
          }}
          onSize={(size) => {
            setParams({ size });
          }}
        />
      )}
      {deleteTarget !== undefined && (
        <DeleteInstanceModal
          key={deleteTargetKey}
          instance={deleteTarget}
          needsForce={deleteNeedsForce(deleteTarget.status)}
          onConfirm={(force) => {
            runAction({ instance: deleteTarget, action: "delete", force });
            setDeleteTargetKey(undefined);
          }}
          onCancel={() => {
            setDeleteTargetKey(undefined);
          }}
        />
      )}
      {bulkPlan !== undefined && (
        <BulkActionModal
          plan={bulkPlan}
          onConfirm={(force) => {
            bulk.mutate(bulkActionInput(bulkPlan, force));
            setBulkPlan(undefined);
            selection.clear();
          }}
          onCancel={() => {
            setBulkPlan(undefined);
          }}
        />
      )}
    </div>
  );
}
