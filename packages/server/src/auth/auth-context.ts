import type { ServerConfig } from "../config.ts";
import type { Database } from "../store/database.ts";
import type { AmsClient } from "../clusters/ams-client.ts";
import type { GatewayClient } from "../clusters/gateway-client.ts";
import type { IdentityProviderSettings } from "./identity-provider.ts";
import type { FailureRateLimiter } from "./rate-limiter.ts";

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
  /** Failed sign-ins, counted per account and per address. */
  signInLimiter: { perAccount: FailureRateLimiter; perAddress: FailureRateLimiter };
}
