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
  /** The API over TCP with mTLS (`CLUSTER_HTTPS_ADDRESS=127.0.0.1:8444`); off when undefined. */
  httpsAddress?: { host: string; port: number } | undefined;
  /**
   * The stream gateway over TCP with TLS (`CLUSTER_GATEWAY_ADDRESS=127.0.0.1:8445`): its API
   * (service-account tokens) and its signaling sockets (join tokens); off when undefined.
   */
  gatewayAddress?: { host: string; port: number } | undefined;
  /** Largest image package `POST /1.0/images/` accepts (413 past it); `defaultMaxImageUploadBytes` when absent. */
  maxImageUploadBytes?: number | undefined;
  /**
   * STUN (or TURN) servers for streams (`CLUSTER_STUN_SERVERS`, comma-separated `stun:host:port`
   * URLs): the device's peer gathers through them, and joins hand them to clients. None on one
   * machine, where host candidates suffice.
   */
  stunServers?: string[] | undefined;
}

/** 8 GiB: a provided Android image is under 1 GB compressed; room for larger VM images. */
export const defaultMaxImageUploadBytes = 8 * 1024 * 1024 * 1024;

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
    httpsAddress: readAddress("CLUSTER_HTTPS_ADDRESS", env.CLUSTER_HTTPS_ADDRESS),
    gatewayAddress: readAddress("CLUSTER_GATEWAY_ADDRESS", env.CLUSTER_GATEWAY_ADDRESS),
    stunServers: readStunServers(env.CLUSTER_STUN_SERVERS),
    maxImageUploadBytes: readNumber(
      env,
      "CLUSTER_MAX_IMAGE_UPLOAD_BYTES",
      defaultMaxImageUploadBytes,
    ),
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

function readAddress(
  key: string,
  value: string | undefined,
): { host: string; port: number } | undefined {
  if (value === undefined || value === "") return undefined;
  const match = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(value);
  const port = Number(match?.[2]);
  if (!match?.[1] || port > 65535) {
    throw new ClusterOptionsError(`${key} must be HOST:PORT, got "${value}"`);
  }
  return { host: match[1], port };
}

function readStunServers(value: string | undefined): string[] {
  const urls = (value ?? "")
    .split(",")
    .map((url) => url.trim())
    .filter((url) => url !== "");
  for (const url of urls) {
    if (!/^(stun|stuns|turn|turns):[^\s/?#]+(\?transport=(udp|tcp))?$/.test(url)) {
      throw new ClusterOptionsError(
        `CLUSTER_STUN_SERVERS must be comma-separated URLs like stun:stun.example.com:3478, got "${url}"`,
      );
    }
  }
  return urls;
}

export function emptyToUndefined(value: string | undefined): string | undefined {
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
