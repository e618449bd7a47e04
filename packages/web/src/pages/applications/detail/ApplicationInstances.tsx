import { Link } from "react-router";
import type { ClusterApplication } from "../../../api/applications.ts";
import type { InstancesListRequest } from "../../../api/instances.ts";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { useInstancesList } from "../../../queries/instances.ts";
import { formatDate } from "../../../util/dates.ts";

/** The first instances shown; the instances list, filtered to the application, has them all. */
const shownInstances = 50;

/** The instances list's page of this application's instances: by its name, on its cluster. */
export function applicationInstancesRequest(application: ClusterApplication): InstancesListRequest {
  return {
    page: 1,
    size: shownInstances,
    order: "asc",
    orderBy: "name",
    app_name: application.name,
    clusterIds: [application.clusterId],
  };
}

/** The instances list filtered to the application's instances. */
function allInstancesPath(application: ClusterApplication): string {
  return `/instances?${new URLSearchParams({ "filter.app_name": application.name }).toString()}`;
}

/**
 * The instances tab: the instances made from the application, each linked, with their status and
 * version; the instance events keep it fresh.
 */
export function ApplicationInstances({ application }: { application: ClusterApplication }) {
  const instances = useInstancesList(applicationInstancesRequest(application));
  if (instances.isPending) return <PageLoader />;
  if (instances.isError) {
    return <ErrorNotice title="Cannot list its instances" error={instances.error} />;
  }
  const { metadata: rows, total_size: total } = instances.data;
  const cluster = encodeURIComponent(application.clusterId);
  const headingId = "application-instances-heading";
  return (
    <section aria-labelledby={headingId}>
      <h2 className="p-heading--5" id={headingId}>
        Instances ({total})
      </h2>
      {rows.length === 0 ? (
        <p>No instance runs {application.name}.</p>
      ) : (
        <ul className="p-list application-instances">
          {rows.map((instance) => (
            <li className="p-list__item" key={instance.id}>
              <Link to={`/instances/${cluster}/${encodeURIComponent(instance.id)}`}>
                {instance.name}
              </Link>{" "}
              <small>{instance.status}</small>
              <small> · version {instance.app_version}</small>
              <small> · created {formatDate(instance.created_at * 1000)}</small>
            </li>
          ))}
        </ul>
      )}
      {total > rows.length && (
        <p>
          And {total - rows.length} more:{" "}
          <Link to={allInstancesPath(application)}>see all instances of {application.name}</Link>
        </p>
      )}
    </section>
  );
}
