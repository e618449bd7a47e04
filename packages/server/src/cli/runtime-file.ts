import { readFileSync } from "node:fs";
import { join } from "node:path";
import { deploymentVariantSchema } from "@anbox-dashboard/contract";
import { runtimeFileName, type RuntimeFile } from "../main.ts";
import { CliError } from "./cli-error.ts";

/**
 * What the dashboard running on this data directory wrote about itself (its public address), so
 * that the command line prints links that work. A clear error when it never ran here.
 */
export function readRuntimeFile(dataDir: string): Omit<RuntimeFile, "variant"> & {
  variant: RuntimeFile["variant"] | undefined;
  running: boolean;
} {
  const path = join(dataDir, runtimeFileName);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw new CliError(
      `The dashboard has never run with the data directory ${dataDir} (no ${runtimeFileName} there). ` +
        "Start it first (make start), or set DATA_DIR to the directory it uses.",
      1,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CliError(`${path} is not valid JSON: start the dashboard again to rewrite it.`, 1);
  }
  if (
    typeof parsed !== "object" ||
    parsed === null ||
    !("publicUrl" in parsed) ||
    typeof parsed.publicUrl !== "string"
  ) {
    throw new CliError(`${path} does not name the dashboard's address: start it again.`, 1);
  }
  const pid = "pid" in parsed && typeof parsed.pid === "number" ? parsed.pid : 0;
  const startedAt =
    "startedAt" in parsed && typeof parsed.startedAt === "string" ? parsed.startedAt : "";
  // Written by dashboards since the variant was added; older files leave it to the environment.
  const variant = deploymentVariantSchema.safeParse(
    "variant" in parsed ? parsed.variant : undefined,
  );
  return {
    publicUrl: parsed.publicUrl,
    variant: variant.success ? variant.data : undefined,
    pid,
    startedAt,
    running: isAlive(pid),
  };
}

function isAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    // Signal 0 checks that the process exists without touching it.
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
