import { useState } from "react";
import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { useClusters } from "../../queries/clusters.ts";
import { AddImageModal } from "./add/AddImageModal.tsx";
import { ImagesList } from "./list/ImagesList.tsx";

/** `/images`: the Android images of every cluster, the defaults marked; add one by name or package. */
export default function ImagesPage() {
  const clusters = useClusters();
  const [adding, setAdding] = useState(false);
  const clusterList = clusters.data ?? [];
  return (
    <PageLayout
      title="Images"
      controls={
        <button
          type="button"
          className="p-button--positive u-no-margin--bottom"
          disabled={clusterList.length === 0}
          title={clusterList.length === 0 ? "Loading the clusters…" : undefined}
          onClick={() => {
            setAdding(true);
          }}
        >
          Add image
        </button>
      }
    >
      <ImagesList />
      {adding && (
        <AddImageModal
          clusters={clusterList}
          close={() => {
            setAdding(false);
          }}
        />
      )}
    </PageLayout>
  );
}
