import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import type { ClusterInstance } from "../../../api/instances.ts";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { countOf } from "../../../components/list/count-noun.ts";
import { whyEmpty } from "../../../components/list/empty-reason.ts";
import { ListEmptyState } from "../../../components/list/ListEmptyState.tsx";
import { ListPagination } from "../../../components/list/ListPagination.tsx";
import { ListView } from "../../../components/list/ListView.tsx";
import { UnreachableClustersNotice } from "../../../components/list/UnreachableClustersNotice.tsx";
import { RefreshingIndicator } from "../../../components/list/RefreshingIndicator.tsx";
import {
  BulkActionsBar,
  type BulkActionButton,
} from "../../../components/list/selection/BulkActionsBar.tsx";
import { useRowSelection } from "../../../components/list/selection/use-row-selection.ts";
import { useListUrlState } from "../../../components/list/url/use-list-url-state.ts";
import { queryKeys } from "../../../context/query-keys.ts";
import { deleteNeedsForce, type InstanceAction } from "../shared/instance-actions.ts";
import { LazyDeleteInstanceModal } from "../shared/lazy-delete-instance-modal.ts";
import { useInstanceAction } from "../../../queries/instances.ts";
import { LazyBulkActionModal } from "./lazy-bulk-action-modal.ts";
import { planBulkAction, type BulkPlan } from "./bulk-plan.ts";
import { instanceKey } from "./instance-key.ts";
import { instanceNoun } from "./instance-noun.ts";
import { instancesListSource } from "./instances-list-source.ts";
import { InstancesFilterBar } from "./InstancesFilterBar.tsx";
import { InstancesTable } from "./InstancesTable.tsx";
import {
  bulkActionInput,
  useBulkInstanceAction,
  type BulkActionInput,
} from "./use-bulk-instance-action.ts";
import { useInstancesList } from "./use-instances-list.ts";
import { usePendingInstanceKeys } from "./use-pending-instance-keys.ts";
import "./_instances-list.scss";
import { useNamesClusters } from "../../../queries/clusters.ts";

/** "Updating" shows while any page of instances loads. */
const instancesListsKey = queryKeys.instancesLists();

const bulkActions: readonly BulkActionButton<InstanceAction>[] = [
  { action: "start", label: "Start", participle: "started" },
  { action: "stop", label: "Stop", participle: "stopped" },
  { action: "delete", label: "Delete", participle: "deleted" },
];

const underWayWords: Record<InstanceAction, string> = {
  start: "Starting",
  stop: "Stopping",
  delete: "Deleting",
};

/** "Starting 2 instances": what the bulk action under way does. */
function bulkUnderWayText({ plan, instances }: BulkActionInput): string {
  return `${underWayWords[plan.action]} ${countOf(instanceNoun, instances.length)}`;
}

/**
 * The instances of every cluster, a page at a time: search, filters, sort and page live in the
 * URL, the server does the work, and the rows stay on screen while the next answer loads.
 */
export function InstancesList() {
  const list = useListUrlState(instancesListSource);
  const page = useInstancesList(list.request);
  const rows = page.data?.metadata;
  const total = page.data?.total_size ?? 0;
  const showCluster = useNamesClusters(rows?.map((instance) => instance.clusterId) ?? []);

  const selection = useRowSelection(rows, instanceKey, JSON.stringify(list.request));
  const pendingKeys = usePendingInstanceKeys();

  const [deleteTargetKey, setDeleteTargetKey] = useState<string>();
  const [bulkPlan, setBulkPlan] = useState<BulkPlan>();
  const { mutate: runAction } = useInstanceAction();
  const bulk = useBulkInstanceAction();

  // The modals load apart from the list, once it has rows to act on: ready before any click.
  const hasRows = (rows?.length ?? 0) > 0;
  useEffect(() => {
    if (!hasRows) return;
    void LazyDeleteInstanceModal.preload();
    void LazyBulkActionModal.preload();
  }, [hasRows]);

  const onAction = useCallback(
    (instance: ClusterInstance, action: InstanceAction) => {
      if (action === "delete") setDeleteTargetKey(instanceKey(instance));
      else runAction({ instance, action });
    },
    [runAction, setDeleteTargetKey],
  );
  // The latest answer's copy, so that the modal sees a status changed while it is open.
  const deleteTarget = rows?.find((instance) => instanceKey(instance) === deleteTargetKey);

  const emptyReason = rows === undefined ? undefined : whyEmpty(rows.length, total, list.filtered);
  const bulkUnderWay = bulk.isPending ? bulkUnderWayText(bulk.variables) : undefined;

  return (
    <ListView>
      {emptyReason !== "none" && (
        <InstancesFilterBar
          urlFilters={list.params.filters}
          query={list.query}
          onFilter={list.setFilter}
          onClear={list.clearFilters}
          filtered={list.filtered}
        />
      )}
      {page.isError && <ErrorNotice title="Cannot load the instances" error={page.error} />}
      <UnreachableClustersNotice clusters={page.data?.unreachable} noun="instances" />
      {page.isPending && <PageLoader />}
      {emptyReason !== undefined && (
        <ListEmptyState
          unreachable={page.data?.unreachable}
          reason={emptyReason}
          noun={instanceNoun}
          none={{
            title: "No instances yet",
            children: (
              <>
                <p>Instances run your applications and images, and can be streamed.</p>
                {/* The tour's "Create instance" step moves on with either button. */}
                <Link
                  className="p-button--positive"
                  to="/instances/new"
                  data-tour="create-instance"
                >
                  Create instance
                </Link>
              </>
            ),
          }}
          onClearFilters={list.clearFilters}
          onFirstPage={() => {
            list.setPage(1);
          }}
        />
      )}
      {rows !== undefined && rows.length > 0 && (
        <>
          <div className="list-toolbar">
            <BulkActionsBar
              noun={instanceNoun}
              selected={selection.selected}
              actions={bulkActions}
              plan={planBulkAction}
              onAction={(action) => {
                setBulkPlan(planBulkAction(action, selection.selected));
              }}
              onClearSelection={selection.clear}
              underWay={bulkUnderWay}
            />
            <RefreshingIndicator queryKey={instancesListsKey} />
          </div>
          <InstancesTable
            instances={rows}
            sort={list.sort}
            onSort={list.setSort}
            selectedKeys={selection.keys}
            onToggle={selection.toggle}
            onToggleAll={selection.setAll}
            busyKeys={pendingKeys}
            onAction={onAction}
            stale={page.isPlaceholderData}
            showCluster={showCluster}
          />
        </>
      )}
      {page.data !== undefined && total > 0 && (
        <ListPagination
          noun={instanceNoun}
          page={list.query.page}
          size={list.query.size}
          total={total}
          onPage={list.setPage}
          onSize={list.setSize}
        />
      )}
      {deleteTarget !== undefined && (
        <LazyDeleteInstanceModal
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
        <LazyBulkActionModal
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
    </ListView>
  );
}
