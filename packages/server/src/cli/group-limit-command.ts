import {
  byteQuotaKeys,
  describeQuotaLimit,
  isQuotaKey,
  parseByteSize,
  quotaKeys,
  quotaValueMax,
  whereQuotaApplies,
  type QuotaKey,
} from "@anbox-dashboard/contract";
import { parseArgs } from "node:util";
import type { Database } from "../store/database.ts";
import { inTransaction, lockGroup, readGroup } from "../store/authorization-groups.ts";
import { replaceLimits, withLimit } from "../store/group-limits.ts";
import { CliError } from "./cli-error.ts";
import { recordCliAudit } from "./cli-audit.ts";
import type { CommandOutput } from "./register.ts";

export const groupLimitUsage = `usage: bin/dashboard group limit <command>

commands:
  set GROUP KEY VALUE [--cluster ID]
  unset GROUP KEY [--cluster ID]
                               KEY: ${quotaKeys.join(", ")}; memory and disk
                               in bytes or as "8GB"; without --cluster, over all clusters

Every limit of every group a member is in holds for what they do (create, start, stream).`;

/** `bin/dashboard group limit set|unset ...`: a group's quota on one key. */
export async function groupLimitCommand(
  db: Database,
  args: string[],
  output: CommandOutput,
  clusterIds: readonly string[],
): Promise<void> {
  const { values, positionals } = parseLimitArgs(args);
  const [change, group, key, value, ...extra] = positionals;
  if ((change !== "set" && change !== "unset") || group === undefined || key === undefined) {
    throw new CliError(groupLimitUsage, 2);
  }
  if (!isQuotaKey(key)) {
    throw new CliError(`"${key}" is not a quota: one of ${quotaKeys.join(", ")}.`, 2);
  }
  if ((change === "set" ? value === undefined : value !== undefined) || extra.length > 0) {
    throw new CliError(groupLimitUsage, 2);
  }
  const cluster = values.cluster ?? null;
  if (cluster !== null && !clusterIds.includes(cluster)) {
    throw new CliError(
      `No cluster "${cluster}" is managed here (${clusterIds.join(", ") || "none"}); without --cluster, the limit holds over all clusters.`,
      2,
    );
  }
  const amount = value === undefined ? undefined : limitValue(key, value);
  await inTransaction(db, async (tx) => {
    await lockGroup(tx, group);
    const current = await readGroup(tx, group);
    await replaceLimits(tx, group, withLimit(current.limits, key, cluster, amount));
  });
  const said =
    amount === undefined
      ? `no limit on ${key} ${whereQuotaApplies(cluster)}`
      : describeQuotaLimit({ key, value: amount, cluster });
  await recordCliAudit(db, "group-limits-changed", `group:${group}`, said);
  output.stdout.write(`Group ${group}: ${said}.\n`);
}

/** A limit's value: a whole number, or for memory and disk a size such as "8GB". */
function limitValue(key: QuotaKey, text: string): number {
  const value = /^\d+$/.test(text)
    ? Number(text)
    : byteQuotaKeys.includes(key)
      ? parseByteSize(text)
      : undefined;
  if (value === undefined || !Number.isSafeInteger(value) || value > quotaValueMax) {
    throw new CliError(
      `"${text}" is not a limit for ${key}: a whole number from 0${byteQuotaKeys.includes(key) ? ' (bytes), or a size such as "8GB"' : ""}.`,
      2,
    );
  }
  return value;
}

function parseLimitArgs(args: string[]): { values: { cluster?: string }; positionals: string[] } {
  try {
    return parseArgs({
      args,
      options: { cluster: { type: "string" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n\n${groupLimitUsage}`, 2);
  }
}
