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
}
