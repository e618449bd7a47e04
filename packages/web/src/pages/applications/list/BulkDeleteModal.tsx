import { useState } from "react";
import { BulkConfirmModal } from "../../../components/list/selection/BulkConfirmModal.tsx";
import { ForceDeleteCheckbox } from "../../../components/overlays/ForceDeleteCheckbox.tsx";
import type { LeftOutItem } from "../../../components/list/selection/bulk-plan.ts";
import { useApplicationInstanceCounts } from "../../../queries/applications.ts";
import { applicationKey } from "./application-key.ts";
import { applicationNoun, type ApplicationsBulkPlan } from "./bulk-delete.ts";
import type { BulkDeleteInput } from "./use-bulk-delete-applications.ts";

interface Props {
  plan: ApplicationsBulkPlan;
  /** What to send: without force, the applications instances use are left out. */
  onConfirm: (input: BulkDeleteInput) => void;
  onCancel: () => void;
}

function usedByReason(count: number): string {
  const instances = count === 1 ? "1 instance uses it" : `${String(count)} instances use it`;
  return `${instances}: the cluster refuses unless forced.`;
}

/**
 * Asks before deleting the selected applications: those that go, and those left out with the
 * reason (being deleted already; without force, used by instances, as the cluster would refuse).
 * Force puts the used ones back in.
 */
export function BulkDeleteModal({ plan, onConfirm, onCancel }: Props) {
  const [force, setForce] = useState(false);
  const counts = useApplicationInstanceCounts(plan.applicable);
  const used = plan.applicable.filter((_application, index) => (counts[index] ?? 0) > 0);
  const sent = force ? plan.applicable : plan.applicable.filter((app) => !used.includes(app));
  const leftOut: LeftOutItem[] = force
    ? plan.leftOut
    : [
        ...used.map((application) => ({
          key: applicationKey(application),
          name: application.name,
          reason: usedByReason(counts[plan.applicable.indexOf(application)] ?? 0),
        })),
        ...plan.leftOut,
      ];
  return (
    <BulkConfirmModal
      noun={applicationNoun}
      verb="Delete"
      names={sent.map((application) => application.name)}
      leftOut={leftOut}
      destructive
      onConfirm={() => {
        onConfirm({
          applications: sent.map(({ id, clusterId }) => ({ id, clusterId })),
          leftOut,
          force,
        });
      }}
      onCancel={onCancel}
    >
      <p>Every version of each is deleted.</p>
      <ForceDeleteCheckbox
        checked={force}
        onChange={setForce}
        effect="(also those instances still use)"
      />
    </BulkConfirmModal>
  );
}
