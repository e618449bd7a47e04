import { useParams } from "react-router";
import { PlaceholderPage } from "../../components/page-layout/PlaceholderPage.tsx";

/** `/instances/{clusterId}/{instanceId}/{tab}`: one instance, its tabs (overview by default). */
export default function InstanceDetailPage() {
  const { clusterId = "", instanceId = "", tab = "overview" } = useParams();
  return (
    <PlaceholderPage title={`Instance ${instanceId}`}>
      <p>
        The {tab} of instance {instanceId} on cluster {clusterId} will be shown here.
      </p>
    </PlaceholderPage>
  );
}
