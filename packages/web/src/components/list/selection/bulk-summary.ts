import { countOf, type Noun } from "../count-noun.ts";
import type { ToastMessage } from "../../../context/mutation-meta.ts";
import type { LeftOutItem } from "./bulk-plan.ts";

/** One item's outcome of a bulk action. */
export interface BulkResult {
  name: string;
  success: boolean;
  /** Why it failed ("" when the server gave no reason). */
  error: string;
}

/** How a bulk action's outcome is told: "Started 2 instances", "2 instances failed to start". */
export interface BulkWords {
  noun: Noun;
  /** "Started". */
  pastTense: string;
  /** "start". */
  verb: string;
}

/** A bulk action's outcome as one toast. */
export interface BulkSummary {
  severity: "success" | "failure";
  title: string;
  message: string;
}

/** A toast stays readable: name a few items of each kind and count the rest. */
const maxItemsNamed = 5;

function itemList(items: readonly string[]): string {
  const named = items.slice(0, maxItemsNamed).join("; ");
  const more = items.length - maxItemsNamed;
  return more > 0 ? `${named}; and ${String(more)} more` : named;
}

/** A reason as a sentence, so that items read well one after the other. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/**
 * "Started 2 instances", "Started 1 instance, 1 failed" with the failures ("web-2: No node has
 * room.") and the items left out ("web-3: Not available for 'running' instances.") after it.
 */
export function summarizeBulkResults(
  words: BulkWords,
  results: readonly BulkResult[],
  leftOut: readonly Pick<LeftOutItem, "name" | "reason">[],
): BulkSummary {
  const succeeded = results.filter((result) => result.success).length;
  const failed = results.filter((result) => !result.success);
  let title = `${words.pastTense} ${countOf(words.noun, succeeded)}`;
  if (failed.length > 0) {
    title =
      succeeded > 0
        ? `${title}, ${String(failed.length)} failed`
        : `${countOf(words.noun, failed.length)} failed to ${words.verb}`;
  }
  const parts: string[] = [];
  if (failed.length > 0) {
    const reasons = failed.map(
      (result) => `${result.name}: ${result.error || "The server gave no reason."}`,
    );
    parts.push(sentence(`${String(failed.length)} failed: ${itemList(reasons)}`));
  }
  if (leftOut.length > 0) {
    const reasons = leftOut.map((item) => `${item.name}: ${item.reason}`);
    parts.push(sentence(`${String(leftOut.length)} left out: ${itemList(reasons)}`));
  }
  return {
    severity: failed.length > 0 ? "failure" : "success",
    title,
    message: parts.join(" "),
  };
}

/** The toast of a bulk action's outcome: a success, or a failure saying what failed. */
export function summaryToast(summary: BulkSummary): ToastMessage {
  return summary.severity === "success"
    ? {
        kind: "success",
        title: summary.title,
        message: summary.message === "" ? undefined : summary.message,
      }
    : { kind: "failure", title: summary.title, error: summary.message };
}
