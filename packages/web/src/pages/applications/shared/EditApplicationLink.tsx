import type { ClusterApplication } from "../../../api/applications.ts";
import { editApplicationPath } from "./application-facts.ts";
import { useApplicationActionReason } from "./use-application-action-reason.ts";
import { ActionLink } from "../../../components/actions/ActionLink.tsx";

/** "Edit": a link to the application's form, or a disabled button saying why it does not apply. */
export function EditApplicationLink({
  application,
  className,
}: {
  application: ClusterApplication;
  className: string;
}) {
  const reason = useApplicationActionReason()("edit", application);
  return (
    <ActionLink
      className={className}
      label={`Edit ${application.name}`}
      to={editApplicationPath(application)}
      reason={reason}
    >
      Edit
    </ActionLink>
  );
}
