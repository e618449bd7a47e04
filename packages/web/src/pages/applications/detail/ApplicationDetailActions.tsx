import { useState } from "react";
import { useNavigate } from "react-router";
import type { ClusterApplication } from "../../../api/applications.ts";
import { ApplicationActionModal } from "../shared/ApplicationActionModal.tsx";
import { CreateInstanceLink } from "../shared/CreateInstanceLink.tsx";
import { EditApplicationLink } from "../shared/EditApplicationLink.tsx";
import { useApplicationActionReason } from "../shared/use-application-action-reason.ts";
import { ActionButton } from "../../../components/actions/ActionButton.tsx";
import { AuditHistoryLink } from "../../../components/detail/AuditHistoryLink.tsx";

/**
 * What can be done to the application from its page, each disabled with its reason when it does
 * not apply or the user may not. Once deleted, the page goes back to the list.
 */
export function ApplicationDetailActions({ application }: { application: ClusterApplication }) {
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const reasonOf = useApplicationActionReason();
  return (
    <div className="detail-page__actions">
      <CreateInstanceLink application={application} className="p-button u-no-margin--bottom" />
      <EditApplicationLink application={application} className="p-button u-no-margin--bottom" />
      <AuditHistoryLink resource={`application:${application.clusterId}/${application.id}`} />
      <ActionButton
        className="p-button--negative u-no-margin--bottom"
        reason={reasonOf("delete", application)}
        onClick={() => {
          setDeleting(true);
        }}
      >
        Delete
      </ActionButton>
      {deleting && (
        <ApplicationActionModal
          input={{ application, action: "delete", force: false }}
          onClose={() => {
            setDeleting(false);
          }}
          onDone={() => {
            void navigate("/applications");
          }}
        />
      )}
    </div>
  );
}
