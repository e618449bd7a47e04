import { useParams } from "react-router";
import { PlaceholderPage } from "../../components/page-layout/PlaceholderPage.tsx";

/** `/applications/edit/{clusterId}/{id}`: the form that changes an application. */
export default function ApplicationEditPage() {
  const { clusterId = "", id = "" } = useParams();
  return (
    <PlaceholderPage title={`Edit application ${id}`}>
      <p>
        The form to change application {id} on cluster {clusterId} will be here.
      </p>
    </PlaceholderPage>
  );
}
