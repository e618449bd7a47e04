import type { ClusterApplication } from "../../../api/applications.ts";
import { createInstanceFromApplicationPath } from "./application-facts.ts";
import { ActionLink } from "../../../components/actions/ActionLink.tsx";
import { useApplicationActionReason } from "./use-application-action-reason.ts";

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
  const reasonOf = useApplicationActionReason();
  return (
    <ActionLink
      className={className}
      label={`Create instance from ${application.name}`}
      to={createInstanceFromApplicationPath(application)}
      reason={reasonOf("create-instance", application)}
    >
      Create instance
    </ActionLink>
  );
}
