import { useParams } from "react-router";
import { PlaceholderPage } from "../../components/page-layout/PlaceholderPage.tsx";

/** `/config` and `/config/{clusterId}`: a cluster's configuration (the first by default). */
export default function ConfigPage() {
  const { clusterId } = useParams();
  return (
    <PlaceholderPage title="Configuration">
      <p>
        The configuration of {clusterId === undefined ? "your cluster" : `cluster ${clusterId}`}{" "}
        will be shown here.
      </p>
    </PlaceholderPage>
  );
}
