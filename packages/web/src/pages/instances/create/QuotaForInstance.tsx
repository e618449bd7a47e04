import { useId } from "react";
import { Link } from "react-router";
import {
  formatQuotaValue,
  quotaKeyLabels,
  whereQuotaApplies,
  type GroupQuota,
  type QuotaKey,
  type ResourceRequest,
} from "@anbox-dashboard/contract";
import { describeOverrun, linesOn, quotaOverrun } from "../../../components/quotas/quota-check.ts";

/** What the new instance takes of each quota, stopped ("Create") or started too. */
export function instanceQuotaDemand(
  request: ResourceRequest | undefined,
  start: boolean,
): Partial<Record<QuotaKey, number>> {
  return {
    instances: 1,
    running_instances: start ? 1 : 0,
    ...(request === undefined
      ? {}
      : {
          cpus: request.cpus,
          memory: request.memory,
          disk: request.disk_size,
          gpu_slots: request["gpu-slots"],
        }),
  };
}

/** Why Create (or Create and start) would be refused by a quota, if it would. */
export function quotaBlocks(
  quotas: readonly GroupQuota[],
  clusterId: string,
  request: ResourceRequest | undefined,
): { create: string | undefined; start: string | undefined } {
  const reason = (start: boolean) => {
    const overrun = quotaOverrun(quotas, clusterId, instanceQuotaDemand(request, start));
    return overrun === undefined ? undefined : `Quota reached: ${describeOverrun(overrun)}`;
  };
  return { create: reason(false), start: reason(true) };
}

/**
 * Next to the room on the nodes: the limits of the user's groups on the chosen cluster, with their
 * usage, so that a refusal is seen before the form is sent.
 */
export function QuotaForInstance({
  quotas,
  clusterId,
}: {
  quotas: readonly GroupQuota[];
  clusterId: string;
}) {
  const headingId = useId();
  const binding = quotas.flatMap((quota) =>
    linesOn(quota, clusterId)
      .filter((line) => line.key !== "concurrent_streams")
      .map((line) => ({ group: quota.group, line })),
  );
  if (binding.length === 0) return null;
  return (
    <section className="resources-section" aria-labelledby={headingId}>
      <h2 className="p-heading--4" id={headingId}>
        Your quotas
      </h2>
      <ul>
        {binding.map(({ group, line }) => (
          <li key={`${group} ${line.key} ${line.cluster ?? ""}`}>
            Group {group}: {formatQuotaValue(line.key, line.used)} of{" "}
            {formatQuotaValue(line.key, line.value)} {quotaKeyLabels[line.key]}{" "}
            {whereQuotaApplies(line.cluster)}
          </li>
        ))}
      </ul>
      <p>
        <Link to="/profile">Your quotas on your profile</Link>
      </p>
    </section>
  );
}
