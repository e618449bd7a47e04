import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ImageUser } from "@anbox-dashboard/contract";
import type { ClusterImage } from "../../../api/images.ts";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { useImageUsers } from "../../../queries/images.ts";

/** The "Used by" tab: the applications and instances built on the image, each linked. */
export function ImageUsedBy({ image }: { image: ClusterImage }) {
  const users = useImageUsers(image.clusterId, image.id);
  if (users.isPending) return <PageLoader />;
  if (users.isError) {
    return <ErrorNotice title="Cannot tell what uses this image" error={users.error} />;
  }
  const { applications, instances, instances_total } = users.data;
  const cluster = encodeURIComponent(image.clusterId);
  return (
    <div className="image-used-by">
      <UserList
        title="Applications"
        users={applications}
        count={applications.length}
        empty="No application is built on this image."
        linkOf={(user) => `/applications/${cluster}/${encodeURIComponent(user.id)}`}
      />
      <UserList
        title="Instances"
        users={instances}
        count={instances_total}
        empty="No instance runs this image."
        linkOf={(user) => `/instances/${cluster}/${encodeURIComponent(user.id)}`}
        more={
          instances_total > instances.length ? (
            <p>
              And {instances_total - instances.length} more:{" "}
              <Link to={`/instances?filter.image_name=${encodeURIComponent(image.name)}`}>
                see all instances of {image.name}
              </Link>
            </p>
          ) : undefined
        }
      />
    </div>
  );
}

function UserList({
  title,
  users,
  count,
  empty,
  linkOf,
  more,
}: {
  title: string;
  users: readonly ImageUser[];
  /** How many there are (the list may hold the first of them only). */
  count: number;
  empty: string;
  linkOf: (user: ImageUser) => string;
  more?: ReactNode;
}) {
  const headingId = `image-used-by-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 className="p-heading--5" id={headingId}>
        {title} ({count})
      </h2>
      {users.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="p-list">
          {users.map((user) => (
            <li className="p-list__item" key={user.id}>
              <Link to={linkOf(user)}>{user.name}</Link> <small>{user.status}</small>
              {user.image_version !== undefined && <small> · version {user.image_version}</small>}
            </li>
          ))}
        </ul>
      )}
      {more}
    </section>
  );
}
