// The dashboard's `/api/sessions...` and public stream calls: the browser never sees a gateway
// token; the server joins on its behalf and relays the signaling websocket.
import { z } from "zod";
import type { GatewaySession, GatewayStunServer, StreamScreen } from "../gateway/gateway.ts";
import type { UnreachableCluster } from "./cluster.ts";
import { joinRoles, type ViewerRole } from "./stream-viewers.ts";

/** A gateway session plus the cluster it is on. */
export type ClusterSession = GatewaySession & { clusterId: string };

export interface SessionResponse {
  metadata: ClusterSession;
}

export interface SessionsListResponse {
  metadata: ClusterSession[];
  total_size: number;
  /** The clusters that did not answer, when others did: their items are missing. */
  unreachable?: UnreachableCluster[];
}

/**
 * `POST /api/sessions/{id}/join` and `POST /api/public/streams/{token}/join`: where the browser's
 * signaling websocket goes (a path on the dashboard, with a single-use join token), and the ICE
 * servers to use.
 */
export interface SessionJoinResponse {
  signaling_url: string;
  stun_servers: GatewayStunServer[];
  /**
   * The view this join began (issue 38's concurrent-streams quota): the page says it still plays
   * it (`POST .../watching?view=`, every minute) and leaves it (`POST .../left?view=`).
   */
  view_id?: string;
  /** The viewer this join makes on the stream and its role as it joins (`session_viewers`). */
  viewer_id?: string | undefined;
  role?: ViewerRole | undefined;
  /** It came through a watch-only share link: no input, no controls, never in control. */
  watch_only?: boolean | undefined;
}

/** `POST /api/sessions/{id}/join`'s body: what the signed-in viewer asks for (`auto` if left out). */
export const sessionJoinBodySchema = z.strictObject({ role: z.enum(joinRoles).optional() });

/** `POST /api/sessions/{id}/watching?view=`: whether the view still counts (false: it ended). */
export interface StreamWatching {
  watching: boolean;
}

/** Longest life of a share link: 30 days, in minutes. */
export const maxShareMinutes = 30 * 24 * 60;

/** Longest description of a share link (who it is for). */
export const shareDescriptionMaxLength = 200;

export const shareCreateSchema = z.object({
  description: z
    .string()
    .max(shareDescriptionMaxLength, `must be at most ${shareDescriptionMaxLength} characters`)
    .optional(),
  expires_in_minutes: z
    .number({ message: "must be a number of minutes" })
    .int("must be a whole number of minutes")
    .min(1, "must be at least 1 minute")
    .max(maxShareMinutes, `must be at most ${String(maxShareMinutes)} minutes (30 days)`),
  /** Its viewers only watch: no input, no device controls, never handed control. */
  watch_only: z.boolean({ message: "must be true or false" }).optional(),
});
export type ShareCreateInput = z.infer<typeof shareCreateSchema>;

/** `PATCH /api/shares/{token}`: a share link's new expiry, counted from now (to extend it). */
export const shareExtendSchema = shareCreateSchema.pick({ expires_in_minutes: true });
export type ShareExtendInput = z.infer<typeof shareExtendSchema>;

/** A share link as the dashboard shows it: `url` is the public page's path, `/stream/{token}`. */
export interface StreamShare {
  token: string;
  url: string;
  description: string;
  created_at: string;
  expiry_at: string;
  /** Its viewers only watch (a gateway share of type `watch`). */
  watch_only: boolean;
}

/** `GET /api/public/streams/{token}`: what the public page may know of the shared stream. */
export interface PublicStreamInfo {
  instance_name: string;
  screen: StreamScreen;
  expiry_at: string;
  /** The link only watches: the page offers no input. */
  watch_only: boolean;
}
