import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { OperationsList } from "./OperationsList.tsx";

/** `/operations`: what the clusters are doing and did, newest first, kept fresh by the events. */
export default function OperationsPage() {
  return (
    <PageLayout title="Operations">
      <OperationsList />
    </PageLayout>
  );
}
