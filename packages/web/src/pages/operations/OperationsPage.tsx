import { useState } from "react";
import { PageLoader } from "../../components/PageLoader.tsx";
import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { useOperations } from "../../context/events/use-running-operations.ts";
import { OperationsTable, type Sort } from "./OperationsTable.tsx";
import "./_operations-page.scss";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";

/** `/operations`: what the clusters are doing and did, newest first, kept fresh by the events. */
export default function OperationsPage() {
  const [sort, setSort] = useState<Sort>({ orderBy: "created_at", order: "desc" });
  const operations = useOperations(sort.orderBy, sort.order);
  const clusters = new Set(operations.data?.map((operation) => operation.clusterId));

  return (
    <PageLayout title="Operations">
      <div className="operations-page">
        {operations.isPending && <PageLoader />}
        {operations.isError && (
          <ErrorNotice title="Cannot load the operations" error={operations.error} />
        )}
        {operations.isSuccess && operations.data.length === 0 && (
          <div className="operations-page__empty">
            <h2 className="p-heading--4">No operations</h2>
            <p>
              Operations appear here when instances, applications or images are created, changed or
              removed.
            </p>
          </div>
        )}
        {operations.isSuccess && operations.data.length > 0 && (
          <OperationsTable
            operations={operations.data}
            sort={sort}
            onSort={setSort}
            showCluster={clusters.size > 1}
          />
        )}
      </div>
    </PageLayout>
  );
}
