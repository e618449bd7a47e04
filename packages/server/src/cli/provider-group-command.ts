import { changeProviderGroupMapping, listProviderGroups } from "../store/provider-groups.ts";
import type { ServerConfig } from "../config.ts";
import { CliError } from "./cli-error.ts";
import { recordCliAudit } from "./cli-audit.ts";
import { withDatabase } from "./with-database.ts";
import type { CommandOutput } from "./register.ts";

export const providerGroupUsage = `usage: bin/dashboard provider-group <command>

commands:
  list                         the identity provider's groups mapped to dashboard groups
  group add NAME GROUP...      whoever signs in with NAME in their groups claim holds, for that
                               sign-in, what GROUP grants
  group remove NAME GROUP...

NAME is a group as the external provider's OIDC_GROUPS_CLAIM names it. As \`lxc auth
identity-provider-group\` does; the running dashboard applies a change at its next request.`;

/** `bin/dashboard provider-group ...`: the identity provider's groups mapped to dashboard groups. */
export async function providerGroupCommand(
  args: string[],
  config: ServerConfig,
  output: CommandOutput,
): Promise<void> {
  const [action, ...rest] = args;
  await withDatabase(config, async (db) => {
    if (action === "list" && rest.length === 0) {
      for (const { name, groups } of await listProviderGroups(db)) {
        output.stdout.write(`${name}\t${groups.join(", ")}\n`);
      }
      return;
    }
    const [change, name, ...groups] = rest;
    if (action !== "group" || (change !== "add" && change !== "remove")) {
      throw new CliError(providerGroupUsage, 2);
    }
    if (name === undefined || groups.length === 0) throw new CliError(providerGroupUsage, 2);
    await changeProviderGroupMapping(db, name, change, groups);
    await recordCliAudit(
      db,
      "provider-group-mapping-changed",
      "",
      `${name}: ${change} ${groups.join(", ")}`,
    );
    output.stdout.write(
      `${change === "add" ? "Mapped" : "Unmapped"} ${name} ${change === "add" ? "to" : "from"} ${groups.join(", ")}.\n`,
    );
  });
}
