import {
  useDeleteApplications,
  type BulkApplicationsDelete,
} from "../../../queries/applications.ts";
import { countOf } from "../../../components/list/count-noun.ts";
import type { LeftOutItem } from "../../../components/list/selection/bulk-plan.ts";
import { applicationNoun, summarizeBulkDelete } from "./bulk-delete.ts";
import { summaryToast } from "../../../components/list/selection/bulk-summary.ts";

/** A bulk delete as the list sends it, with what its confirmation left out, for the toast. */
export interface BulkDeleteInput extends BulkApplicationsDelete {
  leftOut: LeftOutItem[];
}

/**
 * Delete the applications a confirmation sends, in one call. The server answers once the clusters are done,
 * with one result per application: one toast sums them up, the cluster's refusals (instances
 * still use it) and the applications the confirmation left out named with their reasons.
 */
export function useBulkDeleteApplications() {
  return useDeleteApplications<BulkDeleteInput>({
    success: (results, { leftOut }) => summaryToast(summarizeBulkDelete(results, leftOut)),
    failure: ({ applications }) =>
      `Could not delete ${countOf(applicationNoun, applications.length)}`,
  });
}
