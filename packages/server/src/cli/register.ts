import type { DeploymentVariant } from "@anbox-dashboard/contract";
import { parseArgs } from "node:util";
import { emailAddressError } from "@anbox-dashboard/contract";
import type { ServerConfig } from "../config.ts";
import { recordAudit } from "../store/audit-log.ts";
import { openDatabase } from "../store/database.ts";
import {
  createRegistrationToken,
  registrationLinkId,
  defaultRegistrationValidityMs,
} from "../store/registration-tokens.ts";
import { findUserByEmail } from "../store/users.ts";
import { missingGroups } from "../store/authorization-groups.ts";
import { CliError } from "./cli-error.ts";
import { describeDuration, parseDuration } from "./parse-duration.ts";
import { readRuntimeFile } from "./runtime-file.ts";

export const registerUsage = `usage: bin/dashboard register [--email ADDRESS] [--validity DURATION] [--group NAME]...

Prints a one-time URL that registers an account (valid 1 hour unless --validity says otherwise,
e.g. 30m, 2h, 1d). The orchestrator variant needs --email; the appliance asks for the address on the
page when it is not given. The account starts in the groups named by --group (bin/dashboard group
list shows them), or in none: it can then do nothing until an admin adds it to a group.`;

export interface CommandOutput {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream;
}

/** `bin/dashboard register`: a registration link for the dashboard running on this data directory. */
export async function registerCommand(
  args: string[],
  config: ServerConfig,
  output: CommandOutput,
): Promise<void> {
  // Before touching the database: a link for a dashboard that never ran could not be opened.
  const runtime = readRuntimeFile(config.dataDir);
  // The running dashboard's variant decides, whatever this shell's environment says.
  const options = parseRegisterArgs(args, runtime.variant ?? config.variant);
  const db = await openDatabase(config);
  try {
    if (options.email !== "" && (await findUserByEmail(db, options.email))) {
      throw new CliError(`${options.email} already has an account.`, 1);
    }
    const missing = await missingGroups(db, options.groups);
    if (missing.length > 0) {
      throw new CliError(
        `No group named ${missing.map((name) => `"${name}"`).join(", ")}: bin/dashboard group list shows the groups.`,
        1,
      );
    }
    const { token, expiresAt } = await createRegistrationToken(
      db,
      options.email,
      options.validityMs,
      new Date(),
      options.groups,
    );
    await recordAudit(db, {
      action: "registration-link-created",
      outcome: "success",
      actor: "cli",
      address: "",
      detail: `link ${registrationLinkId(token)} for ${options.email === "" ? "any address" : options.email}, expires ${expiresAt.toISOString()}, groups: ${options.groups.length === 0 ? "none" : options.groups.join(", ")}`,
    });
    const url = `${runtime.publicUrl}/register?token=${encodeURIComponent(token)}`;
    if (!output.stdout.isTTY) {
      // Scripts read the URL alone.
      output.stdout.write(`${url}\n`);
      return;
    }
    const forWhom = options.email === "" ? "" : ` for ${options.email}`;
    output.stdout.write(
      `Registration link${forWhom}, valid for ${describeDuration(options.validityMs)} ` +
        `(until ${expiresAt.toISOString()}), usable once:\n\n  ${url}\n\n` +
        "Open it in a browser to finish the registration.\n",
    );
    if (!runtime.running) {
      output.stderr.write(
        `Note: the dashboard that wrote ${runtime.publicUrl} is not running now; the link works once it runs again.\n`,
      );
    }
  } finally {
    await db.destroy();
  }
}

function parseRegisterArgs(
  args: string[],
  variant: DeploymentVariant,
): { email: string; validityMs: number; groups: string[] } {
  let values: { email?: string; validity?: string; group?: string[] };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        email: { type: "string" },
        validity: { type: "string" },
        group: { type: "string", multiple: true },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n\n${registerUsage}`, 2);
  }
  const email = (values.email ?? "").trim().toLowerCase();
  if (values.email !== undefined) {
    const emailError = emailAddressError(email);
    if (emailError !== undefined) throw new CliError(`--email: ${emailError}`, 2);
  } else if (variant === "orchestrator") {
    throw new CliError(
      "The orchestrator variant registers a given person: add --email <their e-mail address>.",
      2,
    );
  }
  let validityMs = defaultRegistrationValidityMs;
  if (values.validity !== undefined) {
    const parsed = parseDuration(values.validity);
    if (parsed === undefined) {
      throw new CliError(
        `--validity must be a whole number of minutes, hours or days from 1m to 30d (30m, 2h, 1d), got "${values.validity}".`,
        2,
      );
    }
    validityMs = parsed;
  }
  return { email, validityMs, groups: [...new Set(values.group ?? [])] };
}
