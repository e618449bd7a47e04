import type { DeploymentVariant } from "./auth-info.ts";

/**
 * The command that prints a one-time URL to register an account, as the login page shows it.
 * The orchestrator variant registers the person whose e-mail address it is given. A dashboard
 * started with another data directory than `./data` needs the command to name it too.
 */
export function registerCommand(variant: DeploymentVariant, dataDir?: string): string {
  const prefix = dataDir === undefined ? "" : `DATA_DIR=${shellQuote(dataDir)} `;
  return variant === "orchestrator"
    ? `${prefix}bin/dashboard register --email <your e-mail address>`
    : `${prefix}bin/dashboard register`;
}

/** Quotes a value for a POSIX shell when it holds anything but plain path characters. */
function shellQuote(value: string): string {
  return /^[\w./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}
