import { Link } from "react-router";

/** What a link to a deleted (or never existing) application shows, instead of an error. */
export function ApplicationNotFound({
  clusterId,
  applicationId,
}: {
  clusterId: string;
  applicationId: string;
}) {
  return (
    <section className="empty-state">
      <p>
        Cluster <code>{clusterId}</code> has no application <code>{applicationId}</code>. It may
        have been deleted.
      </p>
      <Link className="p-button" to="/applications">
        Back to the applications
      </Link>
    </section>
  );
}
