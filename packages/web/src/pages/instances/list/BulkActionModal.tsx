import { useState } from "react";
import { Modal } from "../../../vendor/react-components.ts";
import { deleteNeedsForce, type InstanceAction } from "../shared/instance-actions.ts";
import type { BulkPlan } from "./bulk-plan.ts";

interface Props {
  plan: BulkPlan;
  onConfirm: (force: boolean) => void;
  onCancel: () => void;
}

const verbs: Record<InstanceAction, string> = { start: "Start", stop: "Stop", delete: "Delete" };

/** A confirmation stays readable: this many names, then a count. */
const maxNamesShown = 10;

function instances(count: number): string {
  return count === 1 ? "1 instance" : `${count} instances`;
}

/**
 * Asks before a bulk action, separating the instances it applies to from those it leaves out
 * (with the reason). Delete offers force, which active instances need.
 */
export function BulkActionModal({ plan, onConfirm, onCancel }: Props) {
  const [force, setForce] = useState(false);
  const verb = verbs[plan.action];
  const count = plan.applicable.length;
  const names = plan.applicable.slice(0, maxNamesShown).map((instance) => instance.name);
  const more = count - names.length;
  const leftOutShown = plan.leftOut.slice(0, maxNamesShown);
  const leftOutMore = plan.leftOut.length - leftOutShown.length;
  const active = plan.applicable.filter((instance) => deleteNeedsForce(instance.status)).length;
  return (
    <Modal
      title={`${verb} ${instances(count)}?`}
      close={onCancel}
      buttonRow={
        <>
          <button type="button" className="p-button u-no-margin--bottom" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className={`${plan.action === "delete" ? "p-button--negative" : "p-button--positive"} u-no-margin--bottom`}
            onClick={() => {
              onConfirm(plan.action === "delete" && force);
            }}
          >
            {verb} {instances(count)}
          </button>
        </>
      }
    >
      <p>
        {verb}: {names.join(", ")}
        {more > 0 && ` and ${more} more`}.
      </p>
      {plan.leftOut.length > 0 && (
        <div className="instances-bulk__left-out">
          <p className="u-no-margin--bottom">Left out ({plan.leftOut.length}):</p>
          <ul>
            {leftOutShown.map((item) => (
              <li key={item.key}>
                {item.name}: {item.reason}
              </li>
            ))}
            {leftOutMore > 0 && <li>and {leftOutMore} more</li>}
          </ul>
        </div>
      )}
      {plan.action === "delete" && (
        <>
          {active > 0 && (
            <p>
              {active === 1 ? "1 of them is active" : `${active} of them are active`}: without
              force, the cluster refuses to delete {active === 1 ? "it" : "them"}.
            </p>
          )}
          <label>
            <input
              type="checkbox"
              checked={force}
              onChange={(event) => {
                setForce(event.currentTarget.checked);
              }}
            />{" "}
            Force delete (stops active instances at once)
          </label>
        </>
      )}
    </Modal>
  );
}
