import { Link } from "react-router";

interface Props {
  /** "image". */
  noun: string;
  clusterId: string;
  id: string;
  /** The list to go back to. */
  list: { path: string };
}

/** What a link to a deleted (or never existing) resource shows, instead of an error. */
export function ResourceNotFound({ noun, clusterId, id, list }: Props) {
  return (
    <section className="empty-state">
      <p>
        Cluster <code>{clusterId}</code> has no {noun} <code>{id}</code>. It may have been deleted.
      </p>
      <Link className="p-button" to={list.path}>
        Back to the {noun}s
      </Link>
    </section>
  );
}
