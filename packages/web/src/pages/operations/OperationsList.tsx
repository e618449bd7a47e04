import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import type { Noun } from "../../components/list/count-noun.ts";
import { whyEmpty } from "../../components/list/empty-reason.ts";
import { ListEmptyState } from "../../components/list/ListEmptyState.tsx";
import { ListPagination } from "../../components/list/ListPagination.tsx";
import { ListView } from "../../components/list/ListView.tsx";
import { useListUrlState } from "../../components/list/url/use-list-url-state.ts";
import { useOperationsPage } from "../../queries/operations.ts";
import { operationsListSource } from "./operations-list-request.ts";
import { OperationsFilterBar } from "./OperationsFilterBar.tsx";
import { OperationsTable } from "./OperationsTable.tsx";
import "./_operations-list.scss";
import { UnreachableClustersNotice } from "../../components/list/UnreachableClustersNotice.tsx";
import { useNamesClusters } from "../../queries/clusters.ts";

const operationNoun: Noun = { one: "operation", other: "operations" };

/**
 * The operations of the clusters, a page at a time: status, type, sort and page live in the URL,
 * the server filters, sorts, pages and names their resources; the events keep it fresh.
 */
export function OperationsList() {
  const list = useListUrlState(operationsListSource);
  const page = useOperationsPage(list.request);
  const rows = page.data?.metadata;
  const total = page.data?.total_size ?? 0;
  const emptyReason = rows === undefined ? undefined : whyEmpty(rows.length, total, list.filtered);
  const showCluster = useNamesClusters(rows?.map((operation) => operation.clusterId) ?? []);

  return (
    <ListView>
      {emptyReason !== "none" && (
        <OperationsFilterBar
          query={list.query}
          onFilter={list.setFilter}
          onClear={list.clearFilters}
          filtered={list.filtered}
        />
      )}
      {page.isError && <ErrorNotice title="Cannot load the operations" error={page.error} />}
      <UnreachableClustersNotice clusters={page.data?.unreachable} noun="operations" />
      {page.isPending && <PageLoader />}
      {emptyReason !== undefined && (
        <ListEmptyState
          unreachable={page.data?.unreachable}
          reason={emptyReason}
          noun={operationNoun}
          none={{
            title: "No operations",
            children: (
              <p>
                Operations appear here when instances, applications or images are created, changed
                or removed.
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
        <OperationsTable
          operations={rows}
          sort={list.sort}
          onSort={list.setSort}
          showCluster={showCluster}
          stale={page.isPlaceholderData}
        />
      )}
      {page.data !== undefined && total > 0 && (
        <ListPagination
          noun={operationNoun}
          page={list.query.page}
          size={list.query.size}
          total={total}
          onPage={list.setPage}
          onSize={list.setSize}
        />
      )}
    </ListView>
  );
}
