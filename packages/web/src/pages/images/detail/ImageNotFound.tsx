import { Link } from "react-router";

/** What a link to a deleted (or never existing) image shows, instead of an error. */
export function ImageNotFound({ clusterId, imageId }: { clusterId: string; imageId: string }) {
  return (
    <section className="empty-state">
      <p>
        Cluster <code>{clusterId}</code> has no image <code>{imageId}</code>. It may have been
        deleted.
      </p>
      <Link className="p-button" to="/images">
        Back to the images
      </Link>
    </section>
  );
}
