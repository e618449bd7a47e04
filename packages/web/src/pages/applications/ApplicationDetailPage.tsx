import { useParams } from "react-router";
import { PlaceholderPage } from "../../components/page-layout/PlaceholderPage.tsx";

/** `/applications/{clusterId}/{id}/{tab}`: one application, its tabs (overview by default). */
export default function ApplicationDetailPage() {
  const { clusterId = "", id = "", tab = "overview" } = useParams();
  return (
    <PlaceholderPage title={`Application ${id}`}>
      <p>
        The {tab} of application {id} on cluster {clusterId} will be shown here.
      </p>
    </PlaceholderPage>
  );
}
