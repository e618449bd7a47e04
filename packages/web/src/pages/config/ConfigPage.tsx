import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { isNotFound } from "../../api/api-fetch.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import { EmptyState } from "../../components/page-layout/EmptyState.tsx";
import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { useClusters } from "../../queries/clusters.ts";
import { useConfig } from "../../queries/config.ts";
import { ClusterPicker } from "./ClusterPicker.tsx";
import { ConfigKeyList } from "./ConfigKeyList.tsx";
import { shownClusterOf } from "./shown-cluster.ts";
import "../../components/list/_list.scss";
import "./_config.scss";

/**
 * `/config` (the first cluster) and `/config/{clusterId}`: every configuration key of one cluster,
 * grouped by prefix and searched, each with an editor that fits its type and saved on its own.
 * With several clusters a picker changes the address; a cluster the dashboard does not manage is
 * said so rather than asked for.
 */
export default function ConfigPage() {
  const { clusterId: named } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const clusters = useClusters();
  const clusterList = clusters.data ?? [];
  const shown = shownClusterOf(named, clusters.data);
  const config = useConfig(shown.kind === "cluster" ? shown.clusterId : undefined);
  const notFound = shown.kind === "unknown" || isNotFound(config.error);

  const pick = (clusterId: string) => {
    const search = params.toString();
    void navigate(`/config/${encodeURIComponent(clusterId)}${search === "" ? "" : `?${search}`}`);
  };

  return (
    <PageLayout title={notFound ? "Cluster not found" : "Configuration"}>
      <div className="config-page">
        {clusters.isError && (
          <ErrorNotice title="Cannot load the clusters" error={clusters.error} />
        )}
        {clusterList.length > 1 ? (
          <ClusterPicker
            clusters={clusterList}
            value={shown.kind === "cluster" && !notFound ? shown.clusterId : undefined}
            onPick={pick}
          />
        ) : (
          shown.kind === "cluster" && (
            <p className="config-page__cluster">
              Cluster <strong>{shown.clusterId}</strong>
            </p>
          )
        )}
        {shown.kind === "none" && (
          <EmptyState title="No cluster">
            <p>The dashboard manages no cluster yet, so there is no configuration to show.</p>
          </EmptyState>
        )}
        {notFound && (
          <EmptyState title={`No cluster “${named ?? ""}”`}>
            <p>The dashboard does not manage a cluster of that name.</p>
            <Link to="/config">Show the first cluster’s configuration</Link>
          </EmptyState>
        )}
        {(clusters.isPending || (shown.kind === "cluster" && config.isPending)) && <PageLoader />}
        {config.isError && !notFound && (
          <ErrorNotice
            title={
              config.data ? "Cannot refresh the configuration" : "Cannot load the configuration"
            }
            error={config.error}
          />
        )}
        {shown.kind === "cluster" && config.data && !notFound && (
          <ConfigKeyList clusterId={shown.clusterId} keys={config.data.metadata.keys} />
        )}
      </div>
    </PageLayout>
  );
}
