import { useMemo } from "react";
import type { ClusterNode } from "../../api/nodes.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import type { Noun } from "../../components/list/count-noun.ts";
import { whyEmpty } from "../../components/list/empty-reason.ts";
import { ListEmptyState } from "../../components/list/ListEmptyState.tsx";
import { ListPagination } from "../../components/list/ListPagination.tsx";
import { ListView } from "../../components/list/ListView.tsx";
import { UnreachableClustersNotice } from "../../components/list/UnreachableClustersNotice.tsx";
import { useListUrlState } from "../../components/list/url/use-list-url-state.ts";
import { ListTable } from "../../components/table/ListTable.tsx";
import { useNodesPage } from "../../queries/nodes.ts";
import { nodeColumns } from "./node-columns.tsx";
import { defaultNodeOrderFor, nodesListSource } from "./nodes-list-source.ts";
import { NodesFilterBar } from "./NodesFilterBar.tsx";
import { useNamesClusters } from "../../queries/clusters.ts";

const nodeNoun: Noun = { one: "node", other: "nodes" };

/** Nodes are named uniquely per cluster. */
const nodeKey = (node: ClusterNode) => `${node.clusterId}/${node.name}`;

interface Props {
  onEdit: (node: ClusterNode) => void;
}

/**
 * The nodes of the clusters, a page at a time, each with how full it is: search, filters, sort
 * and page live in the URL; the clusters filter, sort and page.
 */
export function NodesList({ onEdit }: Props) {
  const list = useListUrlState(nodesListSource);
  const page = useNodesPage(list.request);
  const rows = page.data?.metadata;
  const total = page.data?.total_size ?? 0;
  const emptyReason = rows === undefined ? undefined : whyEmpty(rows.length, total, list.filtered);
  const showCluster = useNamesClusters(rows?.map((node) => node.clusterId) ?? []);
  const columns = useMemo(() => nodeColumns(showCluster, onEdit), [showCluster, onEdit]);

  return (
    <ListView>
      {emptyReason !== "none" && (
        <NodesFilterBar
          urlFilters={list.params.filters}
          query={list.query}
          onFilter={list.setFilter}
          onClear={list.clearFilters}
          filtered={list.filtered}
        />
      )}
      {page.isError && <ErrorNotice title="Cannot load the nodes" error={page.error} />}
      <UnreachableClustersNotice clusters={page.data?.unreachable} noun="nodes" />
      {page.isPending && <PageLoader />}
      {emptyReason !== undefined && (
        <ListEmptyState
          unreachable={page.data?.unreachable}
          reason={emptyReason}
          noun={nodeNoun}
          none={{ title: "No nodes", children: <p>Add a node to run instances on.</p> }}
          onClearFilters={list.clearFilters}
          onFirstPage={() => {
            list.setPage(1);
          }}
        />
      )}
      {rows !== undefined && rows.length > 0 && (
        <ListTable
          label="Nodes"
          rows={rows}
          rowKey={nodeKey}
          columns={columns}
          sort={list.sort}
          onSort={list.setSort}
          defaultOrder={defaultNodeOrderFor}
          stale={page.isPlaceholderData}
        />
      )}
      {page.data !== undefined && total > 0 && (
        <ListPagination
          noun={nodeNoun}
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
