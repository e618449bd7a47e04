import { Link } from "react-router";
import type { ClusterApplication } from "../../../api/applications.ts";
import { editApplicationPath } from "./application-facts.ts";
import { useApplicationActionReason } from "./use-application-action-reason.ts";

/** "Edit": a link to the application's form, or a disabled button saying why it does not apply. */
export function EditApplicationLink({
  application,
  className,
}: {
  application: ClusterApplication;
  className: string;
}) {
  const reason = useApplicationActionReason()("edit", application);
  const label = `Edit ${application.name}`;
  if (reason === undefined) {
    return (
      <Link className={className} aria-label={label} to={editApplicationPath(application)}>
        Edit
      </Link>
    );
  }
  return (
    <button type="button" className={className} aria-label={label} title={reason} disabled>
      Edit
    </button>
  );
}
