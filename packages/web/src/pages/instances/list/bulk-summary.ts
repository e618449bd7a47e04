import type { ClusterInstanceBulkResult } from "@anbox-dashboard/contract";
import type { InstanceAction } from "../shared/instance-actions.ts";
import type { LeftOutInstance } from "./bulk-plan.ts";

/** A bulk action's outcome as one toast. */
export interface BulkSummary {
  severity: "success" | "failure";
  title: string;
  message: string;
}

const pastTense: Record<InstanceAction, string> = {
  start: "Started",
  stop: "Stopped",
  delete: "Deleted",
};

/** A toast stays readable: name a few items of each kind and count the rest. */
const maxItemsNamed = 5;

function instances(count: number): string {
  return count === 1 ? "1 instance" : `${count} instances`;
}

function itemList(items: readonly string[]): string {
  const named = items.slice(0, maxItemsNamed).join("; ");
  const more = items.length - maxItemsNamed;
  return more > 0 ? `${named}; and ${more} more` : named;
}

/** A reason as a sentence, so that items read well one after the other. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/**
 * "Started 2 instances", "Started 1 instance, 1 failed" with the failures ("web-2: No node has
 * room.") and the instances left out ("web-3: Not available for 'running' instances.") after it.
 */
export function summarizeBulkResults(
  action: InstanceAction,
  results: readonly ClusterInstanceBulkResult[],
  leftOut: readonly Pick<LeftOutInstance, "name" | "reason">[],
): BulkSummary {
  const succeeded = results.filter((result) => result.success).length;
  const failed = results.filter((result) => !result.success);
  let title = `${pastTense[action]} ${instances(succeeded)}`;
  if (failed.length > 0) {
    title =
      succeeded > 0
        ? `${title}, ${failed.length} failed`
        : `${instances(failed.length)} failed to ${action}`;
  }
  const parts: string[] = [];
  if (failed.length > 0) {
    const reasons = failed.map(
      (result) => `${result.name || result.id}: ${result.error || "The cluster gave no reason."}`,
    );
    parts.push(sentence(`${failed.length} failed: ${itemList(reasons)}`));
  }
  if (leftOut.length > 0) {
    const reasons = leftOut.map((item) => `${item.name}: ${item.reason}`);
    parts.push(sentence(`${leftOut.length} left out: ${itemList(reasons)}`));
  }
  return {
    severity: failed.length > 0 ? "failure" : "success",
    title,
    message: parts.join(" "),
  };
}
