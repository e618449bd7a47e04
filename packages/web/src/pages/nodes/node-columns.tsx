import { useMay } from "../../permissions/use-may.ts";
import type { ClusterNode, NodeListOrderBy } from "../../api/nodes.ts";
import type { ColumnContext } from "../../components/list/ResourceList.tsx";
import type { TableColumn } from "../../components/table/table-column.ts";
import { AllocationBar } from "./AllocationBar.tsx";
import { nodeResources, whyNodeIsFull, type NodeResource } from "./node-capacity.ts";
import { nameColumn } from "../../components/table/common-columns.ts";

export type NodeColumn = TableColumn<ClusterNode, NodeListOrderBy>;

/** A node's row has one action: open its panel. */
export type NodeRowAction = "edit";

function resourceCell(key: NodeResource["key"]) {
  return (node: ClusterNode) => {
    const resource = nodeResources(node).find((item) => item.key === key);
    return resource === undefined ? null : <AllocationBar resource={resource} />;
  };
}

/** Opens the node's panel: "Edit" for who may change it, "View" for the others (no fields there). */
function OpenNodeButton({ node, onOpen }: { node: ClusterNode; onOpen: () => void }) {
  const verb =
    useMay().may("can_edit", `node:${node.clusterId}/${node.name}`) === undefined ? "Edit" : "View";
  return (
    <button
      type="button"
      className="p-button--base is-small u-no-margin--bottom"
      aria-label={`${verb} ${node.name}`}
      onClick={onOpen}
    >
      {verb}
    </button>
  );
}

/** The name, and in words why the node takes no new instance when it does not. */
function nameCell(showCluster: boolean) {
  return (node: ClusterNode) => {
    const full = whyNodeIsFull(node);
    return (
      <>
        <span className="nodes-list__name">{node.name}</span>
        {showCluster && <small className="nodes-list__cluster"> on {node.clusterId}</small>}
        {full !== undefined && <span className="nodes-list__full">{full}</span>}
      </>
    );
  };
}

/**
 * The columns of the nodes list. The name (with why it takes no new instance), status and the
 * edit button always show; then CPU and memory, the instance count and disk, GPU slots, the
 * address, VPU slots, the architecture and tags give way in that order as the width shrinks.
 */
export function nodeColumns({
  showCluster,
  onAction,
}: ColumnContext<ClusterNode, NodeRowAction>): NodeColumn[] {
  return [
    nameColumn(nameCell(showCluster), 2),
    {
      id: "status",
      header: "Status",
      sortKey: "status",
      cell: (node) => (
        <>
          {node.status}
          {node.unschedulable && <span className="nodes-list__unschedulable">Unschedulable</span>}
        </>
      ),
      priority: 0,
      minWidth: 7.5,
    },
    {
      id: "cpu",
      header: "CPU",
      sortKey: "cpu",
      cell: resourceCell("cpu"),
      priority: 1,
      minWidth: 8,
      grow: 1,
    },
    {
      id: "memory",
      header: "Memory",
      sortKey: "memory",
      cell: resourceCell("memory"),
      priority: 1,
      minWidth: 10,
      grow: 1,
    },
    {
      id: "instances",
      header: "Instances",
      sortKey: "instances",
      cell: (node) => node.allocated?.instances ?? 0,
      priority: 2,
      minWidth: 6.5,
    },
    {
      id: "disk",
      header: "Disk",
      sortKey: "disk",
      cell: resourceCell("disk"),
      priority: 2,
      minWidth: 10,
      grow: 1,
    },
    { id: "gpu", header: "GPU slots", cell: resourceCell("gpu"), priority: 3, minWidth: 7 },
    { id: "address", header: "Address", cell: (node) => node.address, priority: 4, minWidth: 8 },
    { id: "vpu", header: "VPU slots", cell: resourceCell("vpu"), priority: 5, minWidth: 7 },
    {
      id: "architecture",
      header: "Architecture",
      sortKey: "architecture",
      cell: (node) => node.architecture,
      priority: 6,
      minWidth: 7.5,
    },
    {
      id: "tags",
      header: "Tags",
      cell: (node) => (node.tags.length === 0 ? null : node.tags.join(", ")),
      priority: 6,
      minWidth: 7,
    },
    {
      id: "actions",
      header: "Actions",
      cell: (node) => (
        <OpenNodeButton
          node={node}
          onOpen={() => {
            onAction(node, "edit");
          }}
        />
      ),
      priority: 0,
      minWidth: 5,
      unlabelledInCards: true,
    },
  ];
}
