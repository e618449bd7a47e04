import type { ServerConfig } from "../config.ts";
import { recordAudit } from "../store/audit-log.ts";
import { openDatabase } from "../store/database.ts";
import { setUserDisabled } from "../store/users.ts";
import { CliError } from "./cli-error.ts";
import type { CommandOutput } from "./register.ts";

/**
 * `bin/dashboard disable-user EMAIL` / `enable-user EMAIL`. Disabling ends the person's sessions at
 * once (their next request is told the account is disabled); enabling lets them sign in again.
 */
export async function setAccountStatusCommand(
  args: string[],
  disabled: boolean,
  config: ServerConfig,
  output: CommandOutput,
): Promise<void> {
  const command = disabled ? "disable-user" : "enable-user";
  const [email, ...extra] = args;
  if (email === undefined || email.startsWith("-") || extra.length > 0) {
    throw new CliError(`usage: bin/dashboard ${command} EMAIL`, 2);
  }
  const db = await openDatabase(config);
  try {
    const user = await setUserDisabled(db, email.trim(), disabled);
    if (!user) throw new CliError(`No account has the e-mail address ${email}.`, 1);
    await recordAudit(db, {
      action: disabled ? "account-disabled" : "account-enabled",
      outcome: "success",
      actor: "cli",
      address: "",
      detail: user.email,
    });
    output.stdout.write(
      disabled
        ? `Disabled ${user.email} (${user.fullname}); their sessions have ended.\n`
        : `Enabled ${user.email} (${user.fullname}); they can sign in again.\n`,
    );
  } finally {
    await db.destroy();
  }
}
