import { availableParallelism, totalmem } from "node:os";
import { statfsSync } from "node:fs";

/** How one embedded cluster process is set up. */
export interface ClusterOptions {
  name: string;
  dataDir: string;
  /** `postgres://...` keeps the cluster's state in PostgreSQL; else SQLite in `dataDir`. */
  databaseUrl: string | undefined;
  version: string;
  /** How long each boot step of a virtual device takes (created → prepared → started → running). 0 in benchmarks. */
  bootStepDelayMs: number;
  /** How long stopping a virtual device takes. */
  stopDelayMs: number;
  /** The first node, created on first start. */
  firstNode: { name: string; cpus: number; memory: number; diskSize: number; gpuSlots: number };
  /** Secret that signs the short-lived tokens of `POST /1.0/events/auth`. */
  tokenSecret: string;
}

export class ClusterOptionsError extends Error {}

type Environment = Record<string, string | undefined>;

const gigabyte = 1_000_000_000;

/** Reads the cluster's settings from its environment (`CLUSTER_*`), sizing the first node from the host by default. */
export function readClusterOptions(
  env: Environment,
  base: { name: string; dataDir: string; version: string; tokenSecret: string },
): ClusterOptions {
  return {
    ...base,
    databaseUrl: emptyToUndefined(env.CLUSTER_DATABASE_URL),
    bootStepDelayMs: readNumber(env, "CLUSTER_BOOT_STEP_DELAY_MS", 800),
    stopDelayMs: readNumber(env, "CLUSTER_STOP_DELAY_MS", 500),
    firstNode: {
      name: "lxd0",
      cpus: readNumber(env, "CLUSTER_NODE_CPUS", availableParallelism()),
      memory:
        readNumber(env, "CLUSTER_NODE_MEMORY_GB", Math.floor(totalmem() / gigabyte)) * gigabyte,
      diskSize: readNumber(env, "CLUSTER_NODE_DISK_GB", hostDiskGigabytes(base.dataDir)) * gigabyte,
      gpuSlots: readNumber(env, "CLUSTER_NODE_GPU_SLOTS", 0),
    },
  };
}

function emptyToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}

function readNumber(env: Environment, key: string, fallback: number): number {
  const value = emptyToUndefined(env[key]);
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) {
    throw new ClusterOptionsError(`${key} must be a number of at least 0, got "${value}"`);
  }
  return number;
}

function hostDiskGigabytes(path: string): number {
  try {
    const stats = statfsSync(path);
    return Math.max(1, Math.floor((stats.blocks * stats.bsize) / gigabyte));
  } catch {
    return 100;
  }
}
