import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { ClusterInstance } from "../../../api/instances.ts";
import {
  actionEntitlement,
  actionUnderWayReason,
  instanceResource,
  deleteNeedsForce,
  isActionAvailable,
  sessionIdOf,
  streamOffReason,
  unavailableReason,
  type InstanceAction,
} from "../shared/instance-actions.ts";
import { useInstanceAction } from "../../../queries/instances.ts";
import { LazyDeleteInstanceModal } from "../shared/lazy-delete-instance-modal.ts";
import { useMay } from "../../../permissions/use-may.ts";
import { ActionButton } from "../../../components/actions/ActionButton.tsx";
import { ActionLink } from "../../../components/actions/ActionLink.tsx";
import { AuditHistoryLink } from "../../../components/detail/AuditHistoryLink.tsx";
import { BugReportButton } from "../../../components/bug-report/BugReportButton.tsx";

/** Why deleting is refused whatever the status (the cluster answers so too). */
export const deleteProtectedReason = "Delete protection is on: turn it off to delete the instance.";

/**
 * Start, Stop, Delete (after a confirmation) and, for a streamable instance, Stream (disabled
 * with its reason while the instance does not run, or the user may not stream it).
 * An action the instance's status does not allow stays visible, disabled, with the reason.
 */
export function InstanceActions({ instance }: { instance: ClusterInstance }) {
  const navigate = useNavigate();
  const instanceAction = useInstanceAction();
  const { may } = useMay();
  const resource = instanceResource(instance);
  const streamRefused = may("can_stream", resource);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  useEffect(() => {
    void LazyDeleteInstanceModal.preload();
  }, []);
  const { status } = instance;
  const sessionId = sessionIdOf(instance.tags);
  const deleteProtected = instance.config.security.delete_protected;

  /** Why the action cannot be done now, or undefined when it can. */
  const blocker = (action: InstanceAction): string | undefined => {
    const refused = may(actionEntitlement[action], resource);
    if (refused !== undefined) return refused;
    if (!isActionAvailable(action, status)) return unavailableReason(status);
    if (action === "delete" && deleteProtected) return deleteProtectedReason;
    return undefined;
  };
  const run = (action: "start" | "stop") => {
    instanceAction.mutate({ instance, action });
  };

  const buttons: {
    action: InstanceAction;
    label: string;
    className: string;
    onClick: () => void;
  }[] = [
    {
      action: "start",
      label: "Start",
      className: "p-button",
      onClick: () => {
        run("start");
      },
    },
    {
      action: "stop",
      label: "Stop",
      className: "p-button",
      onClick: () => {
        run("stop");
      },
    },
    {
      action: "delete",
      label: "Delete",
      className: "p-button--negative",
      onClick: () => {
        setConfirmingDelete(true);
      },
    },
  ];

  return (
    <div className="detail-page__actions">
      {/* Shown disabled with its reason, not hidden: the instance can stream, once it runs. */}
      {sessionId !== undefined && (
        <ActionLink
          className="p-button--positive"
          to={`/sessions/${encodeURIComponent(sessionId)}`}
          reason={streamRefused ?? (status === "running" ? undefined : streamOffReason(status))}
        >
          Stream
        </ActionLink>
      )}
      {buttons.map(({ action, label, className, onClick }) => {
        const reason =
          blocker(action) ?? (instanceAction.isPending ? actionUnderWayReason : undefined);
        // Kept in the tab order (ActionButton): the button a keyboard user just pressed keeps
        // the focus while its action is under way.
        return (
          <ActionButton key={action} className={className} reason={reason} onClick={onClick}>
            {label}
          </ActionButton>
        );
      })}
      <BugReportButton
        clusterId={instance.clusterId}
        instanceId={instance.id}
        instanceName={instance.name}
      />
      <AuditHistoryLink resource={resource} />
      {confirmingDelete && (
        <LazyDeleteInstanceModal
          instance={instance}
          needsForce={deleteNeedsForce(status)}
          deleting={instanceAction.isPending}
          onCancel={() => {
            setConfirmingDelete(false);
          }}
          onConfirm={(force) => {
            instanceAction.mutate(
              { instance, action: "delete", force },
              {
                // The cluster deletes it in the background: the list shows it going.
                onSuccess: () => void navigate("/instances"),
                onError: () => {
                  setConfirmingDelete(false);
                },
              },
            );
          }}
        />
      )}
    </div>
  );
}
