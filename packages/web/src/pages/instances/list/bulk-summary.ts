import type { ClusterInstanceBulkResult } from "@anbox-dashboard/contract";
import type { LeftOutItem } from "../../../components/list/selection/bulk-plan.ts";
import {
  summarizeBulkResults as summarize,
  type BulkSummary,
  type BulkWords,
} from "../../../components/list/selection/bulk-summary.ts";
import type { InstanceAction } from "../shared/instance-actions.ts";
import { instanceNoun } from "./instance-noun.ts";

const words: Record<InstanceAction, BulkWords> = {
  start: { noun: instanceNoun, pastTense: "Started", verb: "start" },
  stop: { noun: instanceNoun, pastTense: "Stopped", verb: "stop" },
  delete: { noun: instanceNoun, pastTense: "Deleted", verb: "delete" },
};

/**
 * "Started 2 instances", "Started 1 instance, 1 failed" with the failures ("web-2: No node has
 * room.") and the instances left out ("web-3: Not available for 'running' instances.") after it.
 */
export function summarizeBulkResults(
  action: InstanceAction,
  results: readonly ClusterInstanceBulkResult[],
  leftOut: readonly Pick<LeftOutItem, "name" | "reason">[],
): BulkSummary {
  return summarize(
    words[action],
    results.map((result) => ({
      name: result.name || result.id,
      success: result.success,
      error: result.error || "The cluster gave no reason.",
    })),
    leftOut,
  );
}
