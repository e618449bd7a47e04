import {
  limitAppliesOn,
  describeQuotaLimit,
  formatQuotaValue,
  quotaKeyLabels,
  type GroupQuota,
  type QuotaKey,
  type QuotaLine,
} from "@anbox-dashboard/contract";

/** A limit an act would go over. */
export interface QuotaOverrun {
  group: string;
  line: QuotaLine;
  adds: number;
}

/** The limits of `quotas` that bind on `clusterId` (those over all clusters, and its own). */
export function linesOn(quota: GroupQuota, clusterId: string): QuotaLine[] {
  return quota.lines.filter((line) => limitAppliesOn(line, clusterId));
}

/**
 * The first limit, of any of the user's groups, that adding `adds` on `clusterId` goes over: what
 * the server would refuse the act for (it decides again, with what is used at that moment).
 */
export function quotaOverrun(
  quotas: readonly GroupQuota[],
  clusterId: string,
  adds: Partial<Record<QuotaKey, number>>,
): QuotaOverrun | undefined {
  for (const quota of quotas) {
    for (const line of linesOn(quota, clusterId)) {
      const added = adds[line.key] ?? 0;
      if (added > 0 && line.used + added > line.value) {
        return { group: quota.group, line, adds: added };
      }
    }
  }
  return undefined;
}

/** "Group testers may have 2 running instances over all clusters and has 2." */
export function describeOverrun(overrun: QuotaOverrun): string {
  const { group, line } = overrun;
  return `Group ${group} may have ${describeQuotaLimit(line)} and has ${formatQuotaValue(line.key, line.used)} ${quotaKeyLabels[line.key]}.`;
}
