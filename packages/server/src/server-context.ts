import type { ServerConfig } from "./config.ts";
import type { Database } from "./store/database.ts";
import type { ClusterHandle } from "./clusters/cluster-handle.ts";
import type { IdentityProviderSettings } from "./auth/identity-provider.ts";
import type { RateLimits } from "./auth/rate-limits/rate-limits.ts";
import type { SessionWatch } from "./auth/session-watch.ts";
import type { JoinGrants } from "./streaming/join-grants.ts";

/**
 * What the server's modules share: one per server, built by `startDashboard` (main.ts) and handed
 * to `buildApp` (app.ts), which passes it to every route, relay and hook that needs it.
 */
export interface ServerContext {
  config: ServerConfig;
  db: Database;
  /** The address people reach the dashboard at, without a trailing slash. */
  publicUrl: string;
  /** True when served over HTTPS: cookies get `Secure`. */
  secureCookies: boolean;
  idp: IdentityProviderSettings;
  /** The clusters the dashboard manages, in configuration order (relay paths name the index). */
  clusters: readonly ClusterHandle[];
  /** What lives only as long as a browser session (sockets, a stream watched). */
  sessionWatch: SessionWatch;
  /** The join tokens handed out, bound to whoever asked for them. */
  joinGrants: JoinGrants;
  /** Limits on guessing: passwords, registration links, share links. */
  rateLimits: RateLimits;
}
