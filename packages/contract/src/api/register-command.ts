import type { DeploymentVariant } from "./auth-info.ts";

/**
 * The command that prints a one-time URL to register an account, as the login page shows it.
 * The orchestrator variant registers the person whose e-mail address it is given.
 */
export function registerCommand(variant: DeploymentVariant): string {
  return variant === "orchestrator"
    ? "bin/dashboard register --email <your e-mail address>"
    : "bin/dashboard register";
}
