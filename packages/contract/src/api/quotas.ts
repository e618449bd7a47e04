import { z } from "zod";

// Quotas (issue 38): how much of the clouds a group's members may take. A limit is on one key,
// over all clusters (`cluster: null`) or on one cluster; every limit of every group a member is in
// must hold for what they do.

/** What a limit counts, with what the create, start and join add to it. */
export const quotaKeys = [
  "instances",
  "running_instances",
  "concurrent_streams",
  "cpus",
  "memory",
  "gpu_slots",
  "disk",
] as const;
export type QuotaKey = (typeof quotaKeys)[number];

export function isQuotaKey(text: string): text is QuotaKey {
  return (quotaKeys as readonly string[]).includes(text);
}

/** The keys counted in bytes (the command line and the form take "8GB" too). */
export const byteQuotaKeys: readonly QuotaKey[] = ["memory", "disk"];

/** What each key means, as a refusal and the pages say it. */
export const quotaKeyLabels: Record<QuotaKey, string> = {
  instances: "instances",
  running_instances: "running instances",
  concurrent_streams: "concurrent streams",
  cpus: "CPU cores",
  memory: "memory",
  gpu_slots: "GPU slots",
  disk: "disk",
};

/** The highest value a limit may have: 1 PB of bytes, far beyond any count. */
export const quotaValueMax = 1e15;

/** A group's limit on one key: over all clusters (`cluster: null`) or on one. */
export interface GroupLimit {
  key: QuotaKey;
  value: number;
  cluster: string | null;
}

/** Whether a limit binds on a cluster: one over all clusters does, as does the cluster's own. */
export function limitAppliesOn(limit: Pick<GroupLimit, "cluster">, clusterId: string): boolean {
  return limit.cluster === null || limit.cluster === clusterId;
}

/** A limit with how much of it is used now. */
export interface QuotaLine extends GroupLimit {
  used: number;
}

/** A group's limits and their usage (`GET /api/auth/groups/{name}/usage`, and each of `/api/quotas`). */
export interface GroupQuota {
  group: string;
  /** Held for this sign-in through the identity provider's groups claim. */
  fromProvider: boolean;
  lines: QuotaLine[];
  /** What it uses now over all clusters, limited or not. */
  totals: Record<QuotaKey, number>;
}

/** `GET /api/quotas`: the limits of the caller's groups, and their usage. */
export interface QuotasResponse {
  metadata: GroupQuota[];
}

/** `GET /api/auth/groups/{name}/usage`. */
export interface GroupUsageResponse {
  metadata: GroupQuota;
}

export const groupLimitSchema = z.object({
  key: z.enum(quotaKeys, { message: `must be one of ${quotaKeys.join(", ")}` }),
  value: z
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .max(quotaValueMax, `must be at most ${String(quotaValueMax)}`),
  cluster: z
    .string({ message: "must be a cluster id, or null for all clusters" })
    .min(1, "must be a cluster id, or null for all clusters")
    .max(255)
    .nullable()
    .optional()
    .transform((cluster) => cluster ?? null),
});

/** The limits of `PUT /api/auth/groups/{name}`, replaced as a whole: one per key and cluster. */
export const groupLimitsSchema = z
  .array(groupLimitSchema, { message: "must be a list of limits" })
  .max(200, "at most 200 limits")
  .superRefine((limits, context) => {
    const seen = new Set<string>();
    limits.forEach((limit, index) => {
      const key = `${limit.key} ${limit.cluster ?? ""}`;
      if (seen.has(key)) {
        context.addIssue({
          code: "custom",
          message: `${limit.key} is limited twice ${whereQuotaApplies(limit.cluster)}`,
          path: [index],
        });
      }
      seen.add(key);
    });
  });

/** Whether two lists of limits say the same (in any order). */
export function sameLimits(a: readonly GroupLimit[], b: readonly GroupLimit[]): boolean {
  const key = (limits: readonly GroupLimit[]) =>
    limits
      .map((limit) => `${limit.key} ${limit.cluster ?? ""} ${String(limit.value)}`)
      .sort()
      .join("\n");
  return key(a) === key(b);
}

/** A limit's value as people read it: bytes in GB, counts as they are. */
export function formatQuotaValue(key: QuotaKey, value: number): string {
  if (!byteQuotaKeys.includes(key)) return String(value);
  const gigabytes = value / 1e9;
  return `${String(Math.round(gigabytes * 10) / 10)} GB`;
}

/** "2 running instances on cluster lab", "8 GB memory over all clusters". */
export function describeQuotaLimit(limit: GroupLimit): string {
  return `${formatQuotaValue(limit.key, limit.value)} ${quotaKeyLabels[limit.key]} ${whereQuotaApplies(limit.cluster)}`;
}

export function whereQuotaApplies(cluster: string | null): string {
  return cluster === null ? "over all clusters" : `on cluster ${cluster}`;
}
