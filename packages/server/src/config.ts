import { isIP } from "node:net";
import { resolve } from "node:path";
import {
  clusterIdPattern,
  deploymentVariantSchema,
  type DeploymentVariant,
} from "@anbox-dashboard/contract";
import { isLogLevel, logLevels, type LogLevel } from "./logging/server-logger.ts";

/** Everything the dashboard server is configured with, read once from the environment. */
export interface ServerConfig {
  host: string;
  port: number;
  /** Holds the SQLite database, the embedded clusters' state and their sockets. */
  dataDir: string;
  /** `./data` of the repository: where the command line looks when DATA_DIR is not set. */
  defaultDataDir: string;
  /** `postgres://...` to keep the dashboard's data in PostgreSQL instead of SQLite. */
  databaseUrl: string | undefined;
  variant: DeploymentVariant;
  /**
   * Ids of the embedded clusters to run, each under `$DATA_DIR/clusters/<id>`, when there is no
   * clusters file (EMBEDDED_CLUSTERS; `default` alone unless set).
   */
  embeddedClusters: string[];
  /**
   * The clusters file (CLUSTERS_FILE, `$DATA_DIR/clusters.json` by default): when it exists, it
   * lists every cluster, embedded and remote (clusters/clusters-file.ts).
   */
  clustersFile: string;
  /** The built single-page app to serve. */
  webDistDir: string;
  /**
   * The address people reach the dashboard at (redirects, registration links, the embedded
   * identity provider's issuer). Undefined: `http://HOST:PORT`, known once listening.
   */
  publicUrl: string | undefined;
  /** An external OpenID provider instead of the embedded one. */
  externalIdp: ExternalIdpConfig | undefined;
  session: { idleMs: number; absoluteMs: number };
  /**
   * The reverse proxies in front of the dashboard (addresses, CIDR ranges, or Fastify's names
   * `loopback`, `linklocal`, `uniquelocal`): only their `X-Forwarded-For` is believed when telling
   * who a client is. Empty: the client is the socket's peer.
   */
  trustProxy: string[];
  /** How much the server logs (to stderr): `LOG_LEVEL`, `info` by default. */
  logLevel: LogLevel;
  /**
   * Origins (`https://portal.example.com`) whose pages may show the public stream page
   * (`/stream/{token}`) in a frame. Empty: no page may frame it, nor any other page of the dashboard.
   */
  streamEmbedOrigins: readonly string[];
  /**
   * The largest file an upload may carry (an image package), in bytes: `UPLOAD_MAX_BYTES`, 8 GiB
   * by default. A longer upload is refused before it is read when its size is declared, and cut
   * off when it passes the limit.
   */
  uploadMaxBytes: number;
  /** How many days audit entries are kept (`AUDIT_RETENTION_DAYS`, 90 by default). */
  auditRetentionDays: number;
  /**
   * Whether requests are recorded in the audit trail (`AUDIT_RECORDING`, `on` by default; `off`
   * only to measure what recording costs, bench/audit-trail.bench.ts).
   */
  auditRecording: boolean;
}

export interface ExternalIdpConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * The claim of the provider's tokens (ID token, else userinfo) that names the signed-in
   * person's groups there (`OIDC_GROUPS_CLAIM`, e.g. `groups`), mapped to dashboard groups
   * (store/provider-groups.ts); undefined: none is read.
   */
  groupsClaim: string | undefined;
  /** A scope asked for besides `openid email profile`, that makes the provider send that claim. */
  groupsScope: string | undefined;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

type Environment = Record<string, string | undefined>;

export function readConfig(env: Environment, repositoryRoot: string): ServerConfig {
  const dataDir = resolve(env.DATA_DIR ?? resolve(repositoryRoot, "data"));
  return {
    host: env.HOST ?? "127.0.0.1",
    port: readPort(env.PORT),
    dataDir,
    defaultDataDir: resolve(repositoryRoot, "data"),
    databaseUrl: readDatabaseUrl(env.DATABASE_URL),
    variant: readVariant(env.DASHBOARD_VARIANT),
    embeddedClusters: readClusterIds(env.EMBEDDED_CLUSTERS),
    clustersFile:
      env.CLUSTERS_FILE === undefined || env.CLUSTERS_FILE === ""
        ? resolve(dataDir, "clusters.json")
        : resolve(env.CLUSTERS_FILE),
    webDistDir: resolve(env.WEB_DIST_DIR ?? resolve(repositoryRoot, "packages/web/dist")),
    publicUrl: readPublicUrl(env.PUBLIC_URL),
    externalIdp: readExternalIdp(env),
    session: {
      idleMs: readMinutes(env, "SESSION_IDLE_MINUTES", 8 * 60) * 60_000,
      absoluteMs: readMinutes(env, "SESSION_ABSOLUTE_MINUTES", 7 * 24 * 60) * 60_000,
    },
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    logLevel: readLogLevel(env.LOG_LEVEL),
    streamEmbedOrigins: readStreamEmbedOrigins(env.STREAM_EMBED_ORIGINS),
    uploadMaxBytes: readUploadMaxBytes(env.UPLOAD_MAX_BYTES),
    auditRetentionDays: readDays(env, "AUDIT_RETENTION_DAYS", 90, 36_500),
    auditRecording: readOnOff(env, "AUDIT_RECORDING", true),
  };
}

function readPublicUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === "") return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(
      `PUBLIC_URL must be a URL like https://dashboard.example.com, got "${value}"`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError(`PUBLIC_URL must start with http:// or https://, got "${value}"`);
  }
  return url.origin + url.pathname.replace(/\/$/, "");
}

/**
 * Comma-separated origins, each exactly a scheme, a host and an optional port: they end up in the
 * stream page's `frame-ancestors`, so nothing else (paths, wildcards, keywords) may slip in.
 */
function readStreamEmbedOrigins(value: string | undefined): string[] {
  if (value === undefined || value.trim() === "") return [];
  const example = "an origin like https://portal.example.com";
  const origins = new Set<string>();
  for (const entry of value.split(",").map((part) => part.trim())) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new ConfigError(`STREAM_EMBED_ORIGINS: "${entry}" is not ${example}`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new ConfigError(
        `STREAM_EMBED_ORIGINS: "${entry}" must start with http:// or https:// (${example})`,
      );
    }
    // Hosts may hold characters a policy gives meaning to (`*`, `;`, `'`): only names and IPs here.
    const originOnly =
      /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])$/.test(url.hostname) &&
      url.pathname === "/" &&
      url.username === "" &&
      url.password === "" &&
      !entry.includes("?") &&
      !entry.includes("#");
    if (!originOnly) {
      throw new ConfigError(
        `STREAM_EMBED_ORIGINS: "${entry}" must be an origin only (scheme, host name or address and port; no path, query, user or wildcard), ${example}`,
      );
    }
    origins.add(url.origin);
  }
  return [...origins];
}

const namedProxyRanges = new Set(["loopback", "linklocal", "uniquelocal"]);

function readTrustProxy(value: string | undefined): string[] {
  if (value === undefined || value.trim() === "") return [];
  const entries = value.split(",").map((entry) => entry.trim());
  for (const entry of entries) {
    if (!isProxyAddress(entry)) {
      throw new ConfigError(
        `TRUST_PROXY must list the addresses or CIDR ranges of the proxies in front of the dashboard, separated by commas (like 10.0.0.1,192.168.0.0/16 or loopback): "${entry}" is neither`,
      );
    }
  }
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (namedProxyRanges.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  // Zone ids (fe80::1%eth0) are left out: the proxy-address matcher does not take them.
  const version = address.includes("%") ? 0 : isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

function readExternalIdp(env: Environment): ExternalIdpConfig | undefined {
  const issuer = env.OIDC_ISSUER ?? "";
  const clientId = env.OIDC_CLIENT_ID ?? "";
  const clientSecret = env.OIDC_CLIENT_SECRET ?? "";
  if (issuer === "" && clientId === "" && clientSecret === "") return undefined;
  const missing = [
    issuer === "" ? "OIDC_ISSUER" : undefined,
    clientId === "" ? "OIDC_CLIENT_ID" : undefined,
    clientSecret === "" ? "OIDC_CLIENT_SECRET" : undefined,
  ].filter((name) => name !== undefined);
  if (missing.length > 0) {
    throw new ConfigError(`An external identity provider needs ${missing.join(", ")} too`);
  }
  try {
    new URL(issuer);
  } catch {
    throw new ConfigError(`OIDC_ISSUER must be the provider's issuer URL, got "${issuer}"`);
  }
  const groupsClaim = readToken(env, "OIDC_GROUPS_CLAIM", "groups");
  const groupsScope = readToken(env, "OIDC_GROUPS_SCOPE", "groups");
  if (groupsScope !== undefined && groupsClaim === undefined) {
    throw new ConfigError("OIDC_GROUPS_SCOPE asks for a groups claim: set OIDC_GROUPS_CLAIM too");
  }
  return { issuer, clientId, clientSecret, groupsClaim, groupsScope };
}

/** An optional single word (a claim's or a scope's name): letters, digits and `_.:/-`. */
function readToken(env: Environment, key: string, example: string): string | undefined {
  const value = env[key]?.trim() ?? "";
  if (value === "") return undefined;
  if (!/^[\w.:/-]{1,100}$/.test(value)) {
    throw new ConfigError(`${key} must be one name (like ${example}), got "${value}"`);
  }
  return value;
}

function readLogLevel(value: string | undefined): LogLevel {
  if (value === undefined || value === "") return "info";
  if (!isLogLevel(value)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(", ")}, got "${value}"`);
  }
  return value;
}

function readMinutes(env: Environment, key: string, fallback: number): number {
  const value = env[key];
  if (value === undefined || value === "") return fallback;
  const minutes = Number(value);
  if (!Number.isInteger(minutes) || minutes < 1) {
    throw new ConfigError(`${key} must be a whole number of minutes, at least 1, got "${value}"`);
  }
  return minutes;
}

function readOnOff(env: Environment, key: string, fallback: boolean): boolean {
  const value = env[key];
  if (value === undefined || value === "") return fallback;
  if (value !== "on" && value !== "off") {
    throw new ConfigError(`${key} must be on or off, got "${value}"`);
  }
  return value === "on";
}

function readDays(env: Environment, key: string, fallback: number, most: number): number {
  const value = env[key];
  if (value === undefined || value === "") return fallback;
  const days = Number(value);
  if (!/^\d+$/.test(value) || days < 1 || days > most) {
    throw new ConfigError(
      `${key} must be a whole number of days from 1 to ${String(most)}, got "${value}"`,
    );
  }
  return days;
}

function readUploadMaxBytes(value: string | undefined): number {
  if (value === undefined || value === "") return 8 * 1024 ** 3;
  const bytes = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(bytes) || bytes < 1) {
    throw new ConfigError(
      `UPLOAD_MAX_BYTES must be a whole number of bytes, at least 1 (like 8589934592 for 8 GiB), got "${value}"`,
    );
  }
  return bytes;
}

function readPort(value: string | undefined): number {
  if (value === undefined || value === "") return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${value}"`);
  }
  return port;
}

function readDatabaseUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === "") return undefined;
  if (!/^postgres(ql)?:\/\//.test(value)) {
    throw new ConfigError("DATABASE_URL must be a PostgreSQL URL (postgres://user:pass@host/db)");
  }
  return value;
}

function readVariant(value: string | undefined): DeploymentVariant {
  if (value === undefined || value === "") return "appliance";
  const parsed = deploymentVariantSchema.safeParse(value);
  if (!parsed.success) {
    throw new ConfigError(
      `DASHBOARD_VARIANT must be one of ${deploymentVariantSchema.options.join(", ")}, got "${value}"`,
    );
  }
  return parsed.data;
}

function readClusterIds(value: string | undefined): string[] {
  if (value === undefined || value.trim() === "") return ["default"];
  const ids = value.split(",").map((id) => id.trim());
  for (const id of ids) {
    if (!clusterIdPattern.test(id)) {
      throw new ConfigError(
        `EMBEDDED_CLUSTERS: "${id}" is not a valid cluster id (lowercase letters, digits and hyphens, starting with a letter)`,
      );
    }
  }
  if (new Set(ids).size !== ids.length) {
    throw new ConfigError("EMBEDDED_CLUSTERS lists a cluster id twice");
  }
  return ids;
}
