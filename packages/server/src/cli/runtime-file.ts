import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { deploymentVariantSchema, type DeploymentVariant } from "@anbox-dashboard/contract";
import { CliError } from "./cli-error.ts";

/** What a running dashboard tells the command line (bin/dashboard register) about itself. */
export interface RuntimeFile {
  publicUrl: string;
  /** How the running dashboard was installed: the register command follows it. */
  variant: DeploymentVariant;
  pid: number;
  startedAt: string;
}

export const runtimeFileName = "dashboard.json";

/**
 * Writes the runtime file for the command line, readable by its owner only (0600) like everything
 * in the data directory. Written beside it and renamed over it, so that a reader never sees half
 * of it, and an older file's looser mode does not carry over.
 */
export function writeRuntimeFile(dataDir: string, runtime: RuntimeFile): void {
  const path = join(dataDir, runtimeFileName);
  const partial = `${path}.${process.pid}.partial`;
  rmSync(partial, { force: true });
  writeFileSync(partial, `${JSON.stringify(runtime, null, 2)}\n`, { mode: 0o600, flag: "wx" });
  renameSync(partial, path);
}

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
