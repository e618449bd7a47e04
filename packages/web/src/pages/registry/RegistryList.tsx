import { useMemo } from "react";
import type { RegistryApplicationView } from "../../api/registry.ts";
import { EmptyState } from "../../components/page-layout/EmptyState.tsx";
import { ListView } from "../../components/list/ListView.tsx";
import { ListTable } from "../../components/table/ListTable.tsx";
import { registryColumns, type RegistryRowActions } from "./registry-columns.tsx";

/** A registry application is named uniquely in its registry. */
const applicationKey = (application: RegistryApplicationView) => application.name;

interface Props extends RegistryRowActions {
  applications: readonly RegistryApplicationView[];
  /** A read of the list is under way: what shows is the previous answer. */
  stale: boolean;
}

/**
 * The applications of the registry, each with its versions, size, type, tags and the clusters of
 * this dashboard that hold it. The registry answers with all of them at once (tens, not
 * thousands), in its own order: there is nothing to page or sort on the server.
 */
export function RegistryList({
  applications,
  stale,
  onPull,
  onDelete,
  unavailable,
  reasonId,
  pullRefused,
  deleteRefused,
}: Props) {
  const columns = useMemo(
    () => registryColumns({ onPull, onDelete, unavailable, reasonId, pullRefused, deleteRefused }),
    [onPull, onDelete, unavailable, reasonId, pullRefused, deleteRefused],
  );
  return (
    <div className="registry-list">
      <ListView>
        {applications.length === 0 ? (
          <EmptyState title="The registry is empty">
            <p>Push an application of a cluster to share it with the other clusters.</p>
          </EmptyState>
        ) : (
          <ListTable
            label="Registry applications"
            rows={applications}
            rowKey={applicationKey}
            columns={columns}
            stale={stale}
          />
        )}
      </ListView>
    </div>
  );
}
