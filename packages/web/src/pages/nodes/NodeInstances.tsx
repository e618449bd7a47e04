import type { ClusterNode } from "../../api/nodes.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { useInstancesList } from "../../queries/instances.ts";

/** How many of a node's instances the panel lists (the instances page lists the rest). */
const shown = 30;

/** The instances placed on a node, linked to their pages, read from its cluster. */
export function NodeInstances({ node }: { node: ClusterNode }) {
  const list = useInstancesList({
    page: 1,
    size: shown,
    order: "asc",
    orderBy: "name",
    node: node.name,
    clusterIds: [node.clusterId],
  });
  const instances = list.data?.metadata;
  const total = list.data?.total_size ?? 0;
  const allOnNode = `/instances?filter.node=${encodeURIComponent(node.name)}`;
  return (
    <section aria-labelledby="node-instances-heading">
      <h3 id="node-instances-heading" className="p-heading--5">
        Instances on this node
      </h3>
      {list.isError && <ErrorNotice title="Cannot load the instances" error={list.error} />}
      {list.isPending && <p>Loading the instances…</p>}
      {instances?.length === 0 && <p>No instance is on this node.</p>}
      {instances !== undefined && instances.length > 0 && (
        <ul className="node-instances">
          {instances.map((instance) => (
            <li key={instance.id}>
              <a
                href={`/instances/${encodeURIComponent(instance.clusterId)}/${encodeURIComponent(instance.id)}`}
              >
                {instance.name}
              </a>{" "}
              <span className="node-instances__status">{instance.status}</span>
            </li>
          ))}
        </ul>
      )}
      {total > shown && (
        <p>
          <a href={allOnNode}>All {total} instances on this node</a>
        </p>
      )}
    </section>
  );
}
