import type { ClusterApplication } from "../../../api/applications.ts";
import {
  createInstanceFromApplicationPath,
  whyApplicationActionUnavailable,
} from "./application-facts.ts";
import { ActionLink } from "../../../components/actions/ActionLink.tsx";

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
  return (
    <ActionLink
      className={className}
      label={`Create instance from ${application.name}`}
      to={createInstanceFromApplicationPath(application)}
      reason={whyApplicationActionUnavailable("create-instance", application)}
    >
      Create instance
    </ActionLink>
  );
}
