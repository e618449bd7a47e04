import type { GroupQuota } from "@anbox-dashboard/contract";
import type { Access } from "../auth/access.ts";
import { noAmounts } from "./quota-usage.ts";

/** Whether a reader may see a limit's cluster named (all clusters: anyone). */
export function mayNameCluster(access: Access, cluster: string | null): boolean {
  return cluster === null || access.maySee(`cluster:${cluster}`);
}

/** A group's quota as a reader sees it: no limit of a cluster they may not see. */
export function visibleQuota(access: Access, quota: GroupQuota): GroupQuota {
  return { ...quota, lines: quota.lines.filter((line) => mayNameCluster(access, line.cluster)) };
}

/** A group with no limit and nothing used. */
export function emptyQuota(group: string): GroupQuota {
  return { group, fromProvider: false, lines: [], totals: noAmounts() };
}
