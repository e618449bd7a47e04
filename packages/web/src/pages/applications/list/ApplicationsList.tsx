import { useCallback, useState } from "react";
import { applicationStatuses, applicationTypes } from "@anbox-dashboard/contract";
import type { ClusterApplication } from "../../../api/applications.ts";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { countOf } from "../../../components/list/count-noun.ts";
import { whyEmpty } from "../../../components/list/empty-reason.ts";
import { ListEmptyState } from "../../../components/list/ListEmptyState.tsx";
import { ListPagination } from "../../../components/list/ListPagination.tsx";
import { ListView } from "../../../components/list/ListView.tsx";
import { RefreshingIndicator } from "../../../components/list/RefreshingIndicator.tsx";
import { NameTypeStatusFilters } from "../../../components/list/filters/NameTypeStatusFilters.tsx";
import {
  BulkActionsBar,
  type BulkActionButton,
} from "../../../components/list/selection/BulkActionsBar.tsx";
import { useRowSelection } from "../../../components/list/selection/use-row-selection.ts";
import { useListUrlState } from "../../../components/list/url/use-list-url-state.ts";
import { queryKeys } from "../../../context/query-keys.ts";
import { useApplicationsPage } from "../../../queries/applications.ts";
import { ApplicationActionModal } from "../shared/ApplicationActionModal.tsx";
import { applicationTypeLabel } from "../shared/application-facts.ts";
import { applicationKey } from "./application-key.ts";
import { applicationsListSource } from "./applications-list-source.ts";
import { ApplicationsTable } from "./ApplicationsTable.tsx";
import {
  applicationNoun,
  planBulkDelete,
  type ApplicationBulkAction,
  type ApplicationsBulkPlan,
} from "./bulk-delete.ts";
import { BulkDeleteModal } from "./BulkDeleteModal.tsx";
import { useBulkDeleteApplications } from "./use-bulk-delete-applications.ts";
import "./_applications-list.scss";
import { UnreachableClustersNotice } from "../../../components/list/UnreachableClustersNotice.tsx";

const typeOptions = applicationTypes.map((type) => ({
  value: type,
  label: applicationTypeLabel(type),
}));

/** "Updating" shows while any page of applications loads (a live refetch, another page). */
const applicationPagesKey = [...queryKeys.applications(), "page"];

const bulkActions: readonly BulkActionButton<ApplicationBulkAction>[] = [
  { action: "delete", label: "Delete", participle: "deleted" },
];

/**
 * The applications of every cluster, a page at a time: search, type, status, sort and page live
 * in the URL, the server filters, sorts and pages, and the events keep the statuses live.
 */
export function ApplicationsList() {
  const list = useListUrlState(applicationsListSource);
  const page = useApplicationsPage(list.request);
  const rows = page.data?.metadata;
  const total = page.data?.total_size ?? 0;
  const emptyReason = rows === undefined ? undefined : whyEmpty(rows.length, total, list.filtered);
  const selection = useRowSelection(rows, applicationKey, JSON.stringify(list.request));
  const bulk = useBulkDeleteApplications();
  const [bulkPlan, setBulkPlan] = useState<ApplicationsBulkPlan>();

  const [deletingKey, setDeletingKey] = useState<string>();
  const onDelete = useCallback((application: ClusterApplication) => {
    setDeletingKey(applicationKey(application));
  }, []);
  // The latest answer's copy, so that the dialog sees what changed while it is open.
  const deleting = rows?.find((application) => applicationKey(application) === deletingKey);
  const bulkUnderWay = bulk.isPending
    ? `Deleting ${countOf(applicationNoun, bulk.variables.applications.length)}`
    : undefined;

  return (
    <ListView>
      {emptyReason !== "none" && (
        <NameTypeStatusFilters
          label="Filter applications"
          typeOptions={typeOptions}
          statuses={applicationStatuses}
          urlFilters={list.params.filters}
          query={list.query}
          onFilter={list.setFilter}
          onClear={list.clearFilters}
          filtered={list.filtered}
        />
      )}
      {page.isError && <ErrorNotice title="Cannot load the applications" error={page.error} />}
      <UnreachableClustersNotice clusters={page.data?.unreachable} noun="applications" />
      {page.isPending && <PageLoader />}
      {emptyReason !== undefined && (
        <ListEmptyState
          unreachable={page.data?.unreachable}
          reason={emptyReason}
          noun={applicationNoun}
          none={{
            title: "No applications yet",
            children: (
              <p>
                Applications are Android apps packaged for this cloud: instances are made from their
                published versions.
              </p>
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
              noun={applicationNoun}
              selected={selection.selected}
              actions={bulkActions}
              plan={planBulkDelete}
              onAction={(action) => {
                setBulkPlan(planBulkDelete(action, selection.selected));
              }}
              onClearSelection={selection.clear}
              underWay={bulkUnderWay}
            />
            <RefreshingIndicator queryKey={applicationPagesKey} />
          </div>
          <ApplicationsTable
            applications={rows}
            sort={list.sort}
            onSort={list.setSort}
            selectedKeys={selection.keys}
            onToggle={selection.toggle}
            onToggleAll={selection.setAll}
            onDelete={onDelete}
            stale={page.isPlaceholderData}
          />
        </>
      )}
      {page.data !== undefined && total > 0 && (
        <ListPagination
          noun={applicationNoun}
          page={list.query.page}
          size={list.query.size}
          total={total}
          onPage={list.setPage}
          onSize={list.setSize}
        />
      )}
      {deleting !== undefined && (
        <ApplicationActionModal
          key={deletingKey}
          input={{ application: deleting, action: "delete", force: false }}
          onClose={() => {
            setDeletingKey(undefined);
          }}
        />
      )}
      {bulkPlan !== undefined && (
        <BulkDeleteModal
          plan={bulkPlan}
          onConfirm={(input) => {
            bulk.mutate(input);
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
