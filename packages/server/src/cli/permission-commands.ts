import { parseArgs } from "node:util";
import {
  describeQuotaLimit,
  isEntitlement,
  isResourceName,
  type Entitlement,
  type ResourceName,
} from "@anbox-dashboard/contract";
import type { ServerConfig } from "../config.ts";
import type { Database } from "../store/database.ts";
import {
  changeGroupPermissions,
  createGroup,
  deleteGroup,
  listGroups,
  readGroup,
  missingGroups,
} from "../store/authorization-groups.ts";
import { groupsOf, setGroupsOf } from "../store/group-members.ts";
import { findUserByEmail, findUserById, listUsers, type UserRow } from "../store/users.ts";
import { CliError } from "./cli-error.ts";
import { recordCliAudit } from "./cli-audit.ts";
import { grantsHeldBy } from "../auth/grants.ts";
import type { CommandOutput } from "./register.ts";
import { withDatabase } from "./with-database.ts";
import { groupLimitCommand } from "./group-limit-command.ts";
import { readClusters } from "../clusters/clusters-file.ts";

export const groupUsage = `usage: bin/dashboard group <command>

commands:
  list                         the groups, with how many identities and permissions each holds
  show NAME                    a group's permissions and members
  create NAME [--description TEXT]
  delete NAME                  (never admin)
  permission add GROUP RESOURCE ENTITLEMENT...
  permission remove GROUP RESOURCE ENTITLEMENT...
                               RESOURCE: server, cluster:ID, instance:CLUSTER/ID,
                               application:CLUSTER/ID, image:CLUSTER/ID, node:CLUSTER/NAME,
                               group:NAME, identity:ID; ENTITLEMENT: can_view, can_stream, ...
                               (GET /api/auth/entitlements lists them per kind)
  limit set GROUP KEY VALUE [--cluster ID]
  limit unset GROUP KEY [--cluster ID]
                               KEY: instances, running_instances, concurrent_streams,
                               cpus, memory, gpu_slots, disk (bin/dashboard group limit)

As \`amc auth group\` does; the running dashboard applies a change at its next request.`;

export const identityUsage = `usage: bin/dashboard identity <command>

commands:
  list                         everyone who has an account, with their groups
  show EMAIL|ID                one identity: its groups and what it may do, and from which group
  group add EMAIL|ID GROUP...
  group remove EMAIL|ID GROUP...
                               (the last member of admin cannot be removed)

As \`amc auth identity\` does; the running dashboard applies a change at its next request.`;

/** `bin/dashboard group ...`: the authorization groups, on the running dashboard's database. */
export async function groupCommand(
  args: string[],
  config: ServerConfig,
  output: CommandOutput,
): Promise<void> {
  const [action, ...rest] = args;
  await withDatabase(config, async (db) => {
    switch (action) {
      case "list":
        noMore(rest, groupUsage);
        for (const group of await listGroups(db)) {
          output.stdout.write(
            `${group.name}\t${String(group.identities)} identities\t${String(group.permissions)} permissions\t${group.description}\n`,
          );
        }
        return;
      case "show": {
        const name = onlyArgument(rest, groupUsage);
        const group = await readGroup(db, name);
        output.stdout.write(
          `${group.name}: ${group.description || "(no description)"}\npermissions:\n`,
        );
        for (const permission of group.permissions) {
          output.stdout.write(`  ${permission.entitlement} on ${permission.resource}\n`);
        }
        output.stdout.write("identities:\n");
        for (const id of group.identities) {
          const user = await findUserById(db, id);
          output.stdout.write(`  ${user?.email ?? id}\n`);
        }
        output.stdout.write(group.limits.length === 0 ? "limits: none\n" : "limits:\n");
        for (const limit of group.limits) output.stdout.write(`  ${describeQuotaLimit(limit)}\n`);
        return;
      }
      case "limit":
        await groupLimitCommand(
          db,
          rest,
          output,
          readClusters(config.clustersFile, config.embeddedClusters).map(({ id }) => id),
        );
        return;
      case "create": {
        const { values, positionals } = parseCreate(rest);
        const name = onlyArgument(positionals, groupUsage);
        await createGroup(db, name, values.description ?? "");
        await recordCliAudit(db, "group-created", `group:${name}`, values.description ?? "");
        output.stdout.write(`Created group ${name}.\n`);
        return;
      }
      case "delete": {
        const name = onlyArgument(rest, groupUsage);
        await deleteGroup(db, name);
        await recordCliAudit(db, "group-deleted", `group:${name}`, "");
        output.stdout.write(`Deleted group ${name}.\n`);
        return;
      }
      case "permission": {
        const [change, group, resource, ...entitlements] = rest;
        if ((change !== "add" && change !== "remove") || group === undefined) {
          throw new CliError(groupUsage, 2);
        }
        await changeGroupPermissions(
          db,
          group,
          change,
          resourceArgument(resource),
          entitlementArguments(entitlements),
        );
        await recordCliAudit(
          db,
          "group-permissions-changed",
          `group:${group}`,
          `${change} ${entitlements.join(", ")} on ${resource ?? ""}`,
        );
        output.stdout.write(
          `${change === "add" ? "Granted" : "Took away"} ${entitlements.join(", ")} on ${resource ?? ""} ${change === "add" ? "to" : "from"} ${group}.\n`,
        );
        return;
      }
      default:
        throw new CliError(groupUsage, 2);
    }
  });
}

/** `bin/dashboard identity ...`: who signs in, and their groups. */
export async function identityCommand(
  args: string[],
  config: ServerConfig,
  output: CommandOutput,
): Promise<void> {
  const [action, ...rest] = args;
  await withDatabase(config, async (db) => {
    switch (action) {
      case "list":
        noMore(rest, identityUsage);
        for (const user of await listUsers(db)) {
          const groups = await groupsOf(db, user.id);
          output.stdout.write(
            `${user.email}\t${user.fullname}\t${groups.length === 0 ? "(no group)" : groups.join(", ")}\t${user.id}\n`,
          );
        }
        return;
      case "show": {
        const who = onlyArgument(rest, identityUsage);
        const user = await findIdentity(db, who);
        const groups = await groupsOf(db, user.id);
        output.stdout.write(
          `${user.email} (${user.fullname}), id ${user.id}\ngroups: ${groups.length === 0 ? "none" : groups.join(", ")}\npermissions:\n`,
        );
        for (const grant of await grantsHeldBy(db, user.id)) {
          const from = "group" in grant.grantedBy ? `group ${grant.grantedBy.group}` : "owner";
          output.stdout.write(`  ${grant.entitlement} on ${grant.resource} (from ${from})\n`);
        }
        return;
      }
      case "group": {
        const [change, who, ...groups] = rest;
        if ((change !== "add" && change !== "remove") || who === undefined || groups.length === 0) {
          throw new CliError(identityUsage, 2);
        }
        const user = await findIdentity(db, who);
        // All or nothing: the groups it ends in are set at once.
        const before = await groupsOf(db, user.id);
        const after =
          change === "add"
            ? [...new Set([...before, ...groups])]
            : before.filter((group) => !groups.includes(group));
        const unknown = await missingGroups(db, groups);
        if (unknown.length > 0) throw new CliError(`No group named "${unknown.join('", "')}".`, 1);
        if (change === "remove") {
          const notIn = groups.filter((group) => !before.includes(group));
          if (notIn.length > 0) {
            throw new CliError(`${user.email} is not a member of ${notIn.join(", ")}.`, 1);
          }
        }
        await setGroupsOf(db, user.id, after);
        await recordCliAudit(
          db,
          "identity-groups-changed",
          `identity:${user.id}`,
          `${user.email}: ${change} ${groups.join(", ")}; now in ${after.length === 0 ? "no group" : after.join(", ")}`,
        );
        output.stdout.write(
          `${change === "add" ? "Added" : "Removed"} ${user.email} ${change === "add" ? "to" : "from"} ${groups.join(", ")}.\n`,
        );
        return;
      }
      default:
        throw new CliError(identityUsage, 2);
    }
  });
}

async function findIdentity(db: Database, who: string): Promise<UserRow> {
  const user = (await findUserByEmail(db, who.trim())) ?? (await findUserById(db, who.trim()));
  if (user === undefined) throw new CliError(`No identity has the e-mail address or id ${who}.`, 1);
  return user;
}

function resourceArgument(text: string | undefined): ResourceName {
  if (text === undefined || !isResourceName(text)) {
    throw new CliError(
      `"${text ?? ""}" is not a resource: server, cluster:ID, instance:CLUSTER/ID, application:CLUSTER/ID, image:CLUSTER/ID, node:CLUSTER/NAME, group:NAME or identity:ID.`,
      2,
    );
  }
  return text;
}

function entitlementArguments(texts: readonly string[]): Entitlement[] {
  if (texts.length === 0) throw new CliError("Name at least one entitlement (can_view, ...).", 2);
  return texts.map((text) => {
    if (!isEntitlement(text)) {
      throw new CliError(`"${text}" is not an entitlement: can_view, can_edit, can_stream, ...`, 2);
    }
    return text;
  });
}

function onlyArgument(args: readonly string[], usage: string): string {
  const [only] = args;
  if (only === undefined || args.length !== 1 || only.startsWith("-")) {
    throw new CliError(usage, 2);
  }
  return only;
}

function noMore(args: readonly string[], usage: string): void {
  if (args.length > 0) throw new CliError(usage, 2);
}

function parseCreate(args: string[]): { values: { description?: string }; positionals: string[] } {
  try {
    return parseArgs({
      args,
      options: { description: { type: "string" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n\n${groupUsage}`, 2);
  }
}
