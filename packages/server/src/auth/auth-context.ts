import type { ServerConfig } from "../config.ts";
import type { Database } from "../store/database.ts";
import type { AmsClient } from "../clusters/ams-client.ts";
import type { GatewayClient } from "../clusters/gateway-client.ts";
import type { IdentityProviderSettings } from "./identity-provider.ts";
import type { RateLimits } from "./rate-limits/rate-limits.ts";
import type { SessionWatch } from "./session-watch.ts";
import type { JoinGrants } from "../events/join-grants.ts";

/** A cluster the dashboard manages: its id, and the clients of its AMS and its stream gateway. */
export interface ClusterHandle {
  id: string;
  client: AmsClient;
  /** Undefined for a cluster without a stream gateway: its instances cannot be streamed. */
  gateway?: GatewayClient | undefined;
}

/** What the sign-in, registration and session routes share. One per server. */
export interface AuthContext {
  config: ServerConfig;
  db: Database;
  /** The address people reach the dashboard at, without a trailing slash. */
  publicUrl: string;
  /** True when served over HTTPS: cookies get `Secure`. */
  secureCookies: boolean;
  idp: IdentityProviderSettings;
  clusters: readonly ClusterHandle[];
  /** What lives only as long as a browser session (sockets, a stream watched). */
  sessionWatch: SessionWatch;
  /** The join tokens handed out, bound to whoever asked for them. */
  joinGrants: JoinGrants;
  /** Limits on guessing: passwords, registration links, share links. */
  rateLimits: RateLimits;
}
