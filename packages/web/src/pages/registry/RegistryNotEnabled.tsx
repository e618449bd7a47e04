import { Link } from "react-router";
import { EmptyState } from "../../components/page-layout/EmptyState.tsx";

/** What the page says when the cluster has no registry, and how to give it one. */
export function RegistryNotEnabled({ clusterId }: { clusterId: string | undefined }) {
  const configPath =
    clusterId === undefined ? "/config" : `/config/${encodeURIComponent(clusterId)}`;
  return (
    <EmptyState title="The registry is not enabled">
      <p>
        {clusterId === undefined ? "This cluster" : `Cluster ${clusterId}`} uses no application
        registry. To enable it, set <code>registry.url</code> on the{" "}
        <Link to={configPath}>Configuration page</Link>.
      </p>
    </EmptyState>
  );
}
