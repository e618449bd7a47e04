import type { ClusterApplication } from "../../../api/applications.ts";
import { CreateInstanceLink } from "../shared/CreateInstanceLink.tsx";
import { EditApplicationLink } from "../shared/EditApplicationLink.tsx";
import { useApplicationActionReason } from "../shared/use-application-action-reason.ts";
import { ActionButton } from "../../../components/actions/ActionButton.tsx";

/** The write a row offers; it opens its confirmation. */
export type ApplicationRowAction = "delete";

interface Props {
  application: ClusterApplication;
  onAction: (application: ClusterApplication, action: ApplicationRowAction) => void;
}

/**
 * Create an instance from it, edit and delete, for one row. An action that does not apply is
 * disabled with the reason in its tooltip (and read with the button), not hidden.
 */
export function ApplicationRowActions({ application, onAction }: Props) {
  const reasonOf = useApplicationActionReason();
  return (
    <div className="applications-list__row-actions">
      <CreateInstanceLink application={application} className="p-button is-dense" />
      <EditApplicationLink application={application} className="p-button is-dense" />
      <ActionButton
        className="p-button is-dense"
        label={`Delete ${application.name}`}
        reason={reasonOf("delete", application)}
        onClick={() => {
          onAction(application, "delete");
        }}
      >
        Delete
      </ActionButton>
    </div>
  );
}
