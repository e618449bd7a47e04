import { useMemo } from "react";
import type { ClusterNode, NodeListOrderBy } from "../../api/nodes.ts";
import {
  ResourceList,
  type ResourceListDeclaration,
  type RowActions,
} from "../../components/list/ResourceList.tsx";
import { useNodesPage, type NodesPageRequest } from "../../queries/nodes.ts";
import { nodeColumns, type NodeRowAction } from "./node-columns.tsx";
import { defaultNodeOrderFor, nodesListSource, type NodeFilterKey } from "./nodes-list-source.ts";
import { NodesFilterBar } from "./NodesFilterBar.tsx";

/**
 * The nodes of the clusters, a page at a time, each with how full it is: search, filters, sort
 * and page live in the URL; the clusters filter, sort and page.
 */
const nodesList: ResourceListDeclaration<
  ClusterNode,
  NodeListOrderBy,
  NodeFilterKey,
  NodesPageRequest,
  NodeRowAction
> = {
  label: "Nodes",
  noun: { one: "node", other: "nodes" },
  source: nodesListSource,
  usePage: useNodesPage,
  // Nodes are named uniquely per cluster.
  rowKey: (node) => `${node.clusterId}/${node.name}`,
  defaultOrder: defaultNodeOrderFor,
  columns: nodeColumns,
  filters: (list) => <NodesFilterBar list={list} />,
  empty: { title: "No nodes", children: <p>Add a node to run instances on.</p> },
};

/** The nodes list; a row's Edit opens the node's panel (`onEdit`). */
export function NodesList({ onEdit }: { onEdit: (node: ClusterNode) => void }) {
  const rowActions = useMemo<RowActions<ClusterNode, NodeRowAction>>(
    () => ({
      runAtOnce: (node) => {
        onEdit(node);
        return true;
      },
    }),
    [onEdit],
  );
  return <ResourceList declaration={nodesList} rowActions={rowActions} />;
}
