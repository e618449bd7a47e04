import { useCallback } from "react";
import type { InstanceListOrderBy } from "@anbox-dashboard/contract";
import type { ClusterInstance, InstancesListRequest } from "../../../api/instances.ts";
import { countOf } from "../../../components/list/count-noun.ts";
import {
  ResourceList,
  type BulkActions,
  type ResourceListDeclaration,
  type RowActions,
} from "../../../components/list/ResourceList.tsx";
import { queryKeys } from "../../../context/query-keys.ts";
import { useInstanceAction } from "../../../queries/instances.ts";
import {
  actionEntitlement,
  deleteNeedsForce,
  instanceResource,
  type InstanceAction,
} from "../shared/instance-actions.ts";
import { useMay } from "../../../permissions/use-may.ts";
import { LazyDeleteInstanceModal } from "../shared/lazy-delete-instance-modal.ts";
import { CreateInstanceAction } from "../shared/CreateInstanceAction.tsx";
import { planBulkAction, type BulkPlan } from "./bulk-plan.ts";
import { instanceColumns } from "./instance-columns.tsx";
import { instanceKey } from "./instance-key.ts";
import { instanceNoun } from "./instance-noun.ts";
import { instancesListSource } from "./instances-list-source.ts";
import { InstancesFilterBar } from "./InstancesFilterBar.tsx";
import { LazyBulkActionModal } from "./lazy-bulk-action-modal.ts";
import { defaultOrderFor, type InstanceFilterKey } from "./list-request.ts";
import {
  bulkActionInput,
  useBulkInstanceAction,
  type BulkActionInput,
} from "./use-bulk-instance-action.ts";
import { useInstancesList } from "./use-instances-list.ts";
import { usePendingInstanceKeys } from "./use-pending-instance-keys.ts";
import "./_instances-list.scss";

/**
 * The instances of every cluster, a page at a time: search, filters, sort and page live in the
 * URL, the server does the work, and the rows stay on screen while the next answer loads.
 */
const instancesList: ResourceListDeclaration<
  ClusterInstance,
  InstanceListOrderBy,
  InstanceFilterKey,
  InstancesListRequest,
  InstanceAction
> = {
  label: "Instances",
  noun: instanceNoun,
  source: instancesListSource,
  usePage: useInstancesList,
  rowKey: instanceKey,
  defaultOrder: defaultOrderFor,
  columns: instanceColumns,
  filters: (list) => <InstancesFilterBar list={list} />,
  // "Updating" shows while any page of instances loads.
  updatingKey: queryKeys.instancesLists(),
  empty: {
    title: "No instances yet",
    children: (
      <>
        <p>Instances run your applications and images, and can be streamed.</p>
        {/* The tour's "Create instance" step moves on with either button. */}
        <CreateInstanceAction className="p-button--positive" />
      </>
    ),
  },
};

const bulkButtons = [
  { action: "start", label: "Start", participle: "started" },
  { action: "stop", label: "Stop", participle: "stopped" },
  { action: "delete", label: "Delete", participle: "deleted" },
] as const;

const underWayWords: Record<InstanceAction, string> = {
  start: "Starting",
  stop: "Stopping",
  delete: "Deleting",
};

/** "Starting 2 instances": what the bulk action under way does. */
function bulkUnderWayText({ plan, instances }: BulkActionInput): string {
  return `${underWayWords[plan.action]} ${countOf(instanceNoun, instances.length)}`;
}

const selectLabel = (instance: ClusterInstance) => `Select ${instance.name}`;

/** The dialogs load apart from the list, once it has rows to act on: ready before any click. */
function preloadDialogs(): void {
  void LazyDeleteInstanceModal.preload();
  void LazyBulkActionModal.preload();
}

export function InstancesList() {
  const pendingKeys = usePendingInstanceKeys();
  const { mutate: runAction } = useInstanceAction();
  const bulkAction = useBulkInstanceAction();
  const { may } = useMay();

  // Start and stop run at once; delete asks first.
  const runAtOnce = useCallback(
    (instance: ClusterInstance, action: InstanceAction) => {
      if (action === "delete") return false;
      runAction({ instance, action });
      return true;
    },
    [runAction],
  );
  const rowActions: RowActions<ClusterInstance, InstanceAction> = {
    runAtOnce,
    dialog: (instance, _action, close) => (
      <LazyDeleteInstanceModal
        instance={instance}
        needsForce={deleteNeedsForce(instance.status)}
        onConfirm={(force) => {
          runAction({ instance, action: "delete", force });
          close();
        }}
        onCancel={close}
      />
    ),
    busy: pendingKeys,
    preload: preloadDialogs,
  };
  const bulk: BulkActions<ClusterInstance, InstanceAction, BulkPlan> = {
    buttons: bulkButtons,
    plan: (action, selected) =>
      planBulkAction(action, selected, (each, instance) =>
        may(actionEntitlement[each], instanceResource(instance)),
      ),
    rowLabel: selectLabel,
    allLabel: "Select all instances on this page",
    underWay: bulkAction.isPending ? bulkUnderWayText(bulkAction.variables) : undefined,
    dialog: (plan, close) => (
      <LazyBulkActionModal
        plan={plan}
        onConfirm={(force) => {
          bulkAction.mutate(bulkActionInput(plan, force));
          close(true);
        }}
        onCancel={() => {
          close(false);
        }}
      />
    ),
  };
  return <ResourceList declaration={instancesList} rowActions={rowActions} bulk={bulk} />;
}
