import { useParams } from "react-router";
import { PlaceholderPage } from "../../components/page-layout/PlaceholderPage.tsx";

/** `/images/{clusterId}/{id}/{tab}`: one image, its tabs (overview by default). */
export default function ImageDetailPage() {
  const { clusterId = "", id = "", tab = "overview" } = useParams();
  return (
    <PlaceholderPage title={`Image ${id}`}>
      <p>
        The {tab} of image {id} on cluster {clusterId} will be shown here.
      </p>
    </PlaceholderPage>
  );
}
