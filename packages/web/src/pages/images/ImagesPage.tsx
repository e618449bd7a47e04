import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { useAddOnCluster } from "../../components/page-layout/use-add-on-cluster.tsx";
import { AddImageModal } from "./add/AddImageModal.tsx";
import { ImagesList } from "./list/ImagesList.tsx";

/** `/images`: the Android images of every cluster, the defaults marked; add one by name or package. */
export default function ImagesPage() {
  const add = useAddOnCluster("Add image", "can_create_images", (clusters, close) => (
    <AddImageModal clusters={clusters} close={close} />
  ));
  return (
    <PageLayout title="Images" controls={add.control}>
      <ImagesList />
      {add.dialog}
    </PageLayout>
  );
}
