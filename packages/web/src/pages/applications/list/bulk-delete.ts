import type {
  ClusterApplication,
  ClusterApplicationDeleteResult,
} from "../../../api/applications.ts";
import type { Noun } from "../../../components/list/count-noun.ts";
import {
  planBulkAction,
  type BulkPlan,
  type BulkRules,
  type LeftOutItem,
} from "../../../components/list/selection/bulk-plan.ts";
import {
  summarizeBulkResults,
  type BulkSummary,
} from "../../../components/list/selection/bulk-summary.ts";
import { whyApplicationActionUnavailable } from "../shared/application-facts.ts";
import { applicationKey } from "./application-key.ts";

export const applicationNoun: Noun = { one: "application", other: "applications" };

/** The one bulk action of the applications list. */
export type ApplicationBulkAction = "delete";

export type ApplicationsBulkPlan = BulkPlan<ClusterApplication, ApplicationBulkAction>;

const applicationRules: BulkRules<ClusterApplication, ApplicationBulkAction> = {
  // Names are unique per cluster only.
  key: applicationKey,
  name: (application) => application.name,
  whyNot: (action, application) => whyApplicationActionUnavailable(action, application),
};

/** Splits the selection into what a delete applies to and what it leaves out, and why. */
export function planBulkDelete(
  action: ApplicationBulkAction,
  selected: readonly ClusterApplication[],
): ApplicationsBulkPlan {
  return planBulkAction(applicationRules, action, selected);
}

/** "Deleted 2 applications, 1 failed" with the cluster's refusals and what was left out. */
export function summarizeBulkDelete(
  results: readonly ClusterApplicationDeleteResult[],
  leftOut: readonly LeftOutItem[],
): BulkSummary {
  return summarizeBulkResults(
    { noun: applicationNoun, pastTense: "Deleted", verb: "delete" },
    results,
    leftOut,
  );
}
