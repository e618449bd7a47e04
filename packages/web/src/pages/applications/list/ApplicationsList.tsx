import {
  applicationStatuses,
  applicationTypes,
  type ApplicationsListOrderBy,
} from "@anbox-dashboard/contract";
import type { ApplicationsListRequest, ClusterApplication } from "../../../api/applications.ts";
import { countOf } from "../../../components/list/count-noun.ts";
import {
  ResourceList,
  type BulkActions,
  type ResourceListDeclaration,
  type RowActions,
} from "../../../components/list/ResourceList.tsx";
import { NameTypeStatusFilters } from "../../../components/list/filters/NameTypeStatusFilters.tsx";
import { queryKeys } from "../../../context/query-keys.ts";
import { useApplicationsPage } from "../../../queries/applications.ts";
import { ApplicationActionModal } from "../shared/ApplicationActionModal.tsx";
import { applicationTypeLabel } from "../shared/application-facts.ts";
import { applicationColumns } from "./application-columns.tsx";
import { applicationKey } from "./application-key.ts";
import type { ApplicationRowAction } from "./ApplicationRowActions.tsx";
import {
  applicationsListSource,
  defaultOrderFor,
  type ApplicationFilterKey,
} from "./applications-list-source.ts";
import {
  applicationNoun,
  planBulkDelete,
  type ApplicationBulkAction,
  type ApplicationsBulkPlan,
} from "./bulk-delete.ts";
import { BulkDeleteModal } from "./BulkDeleteModal.tsx";
import { useBulkDeleteApplications } from "./use-bulk-delete-applications.ts";
import "./_applications-list.scss";

const typeOptions = applicationTypes.map((type) => ({
  value: type,
  label: applicationTypeLabel(type),
}));

/**
 * The applications of every cluster, a page at a time: search, type, status, sort and page live
 * in the URL, the server filters, sorts and pages, and the events keep the statuses live.
 */
const applicationsList: ResourceListDeclaration<
  ClusterApplication,
  ApplicationsListOrderBy,
  ApplicationFilterKey,
  ApplicationsListRequest,
  ApplicationRowAction
> = {
  label: "Applications",
  noun: applicationNoun,
  source: applicationsListSource,
  usePage: useApplicationsPage,
  rowKey: applicationKey,
  defaultOrder: defaultOrderFor,
  columns: applicationColumns,
  filters: (list) => (
    <NameTypeStatusFilters
      label="Filter applications"
      typeOptions={typeOptions}
      statuses={applicationStatuses}
      list={list}
    />
  ),
  // A live refetch, another page.
  updatingKey: [...queryKeys.applications(), "page"],
  empty: {
    title: "No applications yet",
    children: (
      <p>
        Applications are Android apps packaged for this cloud: instances are made from their
        published versions.
      </p>
    ),
  },
};

const rowActions: RowActions<ClusterApplication, ApplicationRowAction> = {
  dialog: (application, action, close) => (
    <ApplicationActionModal input={{ application, action, force: false }} onClose={close} />
  ),
};

const bulkButtons = [{ action: "delete", label: "Delete", participle: "deleted" }] as const;

const selectLabel = (application: ClusterApplication) => `Select ${application.name}`;

export function ApplicationsList() {
  const deletion = useBulkDeleteApplications();
  const bulk: BulkActions<ClusterApplication, ApplicationBulkAction, ApplicationsBulkPlan> = {
    buttons: bulkButtons,
    plan: planBulkDelete,
    rowLabel: selectLabel,
    allLabel: "Select all applications on this page",
    underWay: deletion.isPending
      ? `Deleting ${countOf(applicationNoun, deletion.variables.applications.length)}`
      : undefined,
    dialog: (plan, close) => (
      <BulkDeleteModal
        plan={plan}
        onConfirm={(input) => {
          deletion.mutate(input);
          close(true);
        }}
        onCancel={() => {
          close(false);
        }}
      />
    ),
  };
  return <ResourceList declaration={applicationsList} rowActions={rowActions} bulk={bulk} />;
}
