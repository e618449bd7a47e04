import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { ImagesList } from "./list/ImagesList.tsx";

/** Why "Add image" is not offered yet. */
export const addImageUnavailableReason = "Adding an image is not available yet.";

/** `/images`: the Android images of every cluster, the defaults marked. */
export default function ImagesPage() {
  return (
    <PageLayout
      title="Images"
      controls={
        <button
          type="button"
          className="p-button--positive u-no-margin--bottom"
          disabled
          title={addImageUnavailableReason}
        >
          Add image
        </button>
      }
    >
      <ImagesList />
    </PageLayout>
  );
}
