import type { ClusterContext } from "../context.ts";
import type { JoinTokens } from "./join-tokens.ts";
import type { SessionStreams } from "./session-streams.ts";
import type { SessionTracker } from "./session-tracker.ts";

/** What the gateway's routes work with: one of each per cluster process. */
export interface GatewayServices {
  context: ClusterContext;
  joinTokens: JoinTokens;
  streams: SessionStreams;
  tracker: SessionTracker;
  /**
   * The gateway's address over TLS (`https://host:port`), once it listens there
   * (`CLUSTER_GATEWAY_ADDRESS`): joins then answer absolute `wss://` signaling URLs, as a real
   * gateway does. Undefined on the Unix socket alone: joins answer a path.
   */
  publicOrigin?: string | undefined;
}
