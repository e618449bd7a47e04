import { useState } from "react";
import { BulkConfirmModal } from "../../../components/list/selection/BulkConfirmModal.tsx";
import { ForceDeleteCheckbox } from "../../../components/overlays/ForceDeleteCheckbox.tsx";
import { deleteNeedsForce, type InstanceAction } from "../shared/instance-actions.ts";
import type { BulkPlan } from "./bulk-plan.ts";
import { instanceNoun } from "./instance-noun.ts";

interface Props {
  plan: BulkPlan;
  onConfirm: (force: boolean) => void;
  onCancel: () => void;
}

const verbs: Record<InstanceAction, string> = { start: "Start", stop: "Stop", delete: "Delete" };

/**
 * Asks before a bulk action on instances, separating those it applies to from those it leaves out
 * (with the reason). Delete offers force, which active instances need.
 */
export function BulkActionModal({ plan, onConfirm, onCancel }: Props) {
  const [force, setForce] = useState(false);
  const active = plan.applicable.filter((instance) => deleteNeedsForce(instance.status)).length;
  return (
    <BulkConfirmModal
      noun={instanceNoun}
      verb={verbs[plan.action]}
      names={plan.applicable.map((instance) => instance.name)}
      leftOut={plan.leftOut}
      destructive={plan.action === "delete"}
      onConfirm={() => {
        onConfirm(plan.action === "delete" && force);
      }}
      onCancel={onCancel}
    >
      {plan.action === "delete" && (
        <>
          {active > 0 && (
            <p>
              {active === 1 ? "1 of them is active" : `${String(active)} of them are active`}:
              without force, the cluster refuses to delete {active === 1 ? "it" : "them"}.
            </p>
          )}
          <ForceDeleteCheckbox
            checked={force}
            onChange={setForce}
            effect="(stops active instances at once)"
          />
        </>
      )}
    </BulkConfirmModal>
  );
}
