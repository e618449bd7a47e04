import { Link } from "react-router";

/** What a link to a deleted (or never existing) instance shows, instead of an error. */
export function InstanceNotFound({
  clusterId,
  instanceId,
}: {
  clusterId: string;
  instanceId: string;
}) {
  return (
    <section className="empty-state" aria-labelledby="instance-not-found">
      <h2 className="p-heading--4" id="instance-not-found">
        Instance not found
      </h2>
      <p>
        Cluster <code>{clusterId}</code> has no instance <code>{instanceId}</code>. It may have been
        deleted.
      </p>
      <Link className="p-button" to="/instances">
        Back to the instances
      </Link>
    </section>
  );
}
