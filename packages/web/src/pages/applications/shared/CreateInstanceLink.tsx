import { Link } from "react-router";
import type { ClusterApplication } from "../../../api/applications.ts";
import {
  createInstanceFromApplicationPath,
  whyApplicationActionUnavailable,
} from "./application-facts.ts";

/**
 * "Create instance": a link to the instance form with the application chosen when it is ready
 * with a published version, otherwise a disabled button saying why.
 */
export function CreateInstanceLink({
  application,
  className,
}: {
  application: ClusterApplication;
  className: string;
}) {
  const reason = whyApplicationActionUnavailable("create-instance", application);
  const label = `Create instance from ${application.name}`;
  if (reason === undefined) {
    return (
      <Link
        className={className}
        aria-label={label}
        to={createInstanceFromApplicationPath(application)}
      >
        Create instance
      </Link>
    );
  }
  return (
    <button type="button" className={className} aria-label={label} title={reason} disabled>
      Create instance
    </button>
  );
}
