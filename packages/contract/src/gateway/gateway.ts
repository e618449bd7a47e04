// The stream gateway's REST API (reference/anbox-api.md section 3): what the dashboard server reads
// from a cluster's gateway. Only the fields the dashboard uses are named.
import type { ViewerRole } from "../api/stream-viewers.ts";

/** The gateway's envelope: like AMS's, but its status is lower-case ("success"). */
export interface GatewaySuccess<T> {
  type: "sync" | "async";
  status: "success";
  status_code: number;
  metadata: T;
  total_size?: number;
}

export interface GatewayFailure {
  type: "error";
  status: "failed" | "unknown";
  status_code: number;
  error: string;
}

export type GatewayResponse<T> = GatewaySuccess<T> | GatewayFailure;

export const gatewaySessionStatuses = [
  "created",
  "active",
  "error",
  "terminating",
  "terminated",
] as const;
export type GatewaySessionStatus = (typeof gatewaySessionStatuses)[number];

export interface StreamScreen {
  width: number;
  height: number;
  fps: number;
  density: number;
}

/**
 * A session (GW-OAS `api.Session`). `instance_name`, `created_at` and `screen` are this gateway's
 * extensions: a real gateway leaves them out, and the dashboard then reads them from the instance.
 */
export interface GatewaySession {
  id: string;
  app: string;
  status: GatewaySessionStatus;
  status_message: string;
  region: string;
  joinable: boolean;
  cluster_id: string;
  container_id: string;
  instance_name?: string;
  created_at?: string | number;
  screen?: StreamScreen;
}

export interface GatewayStunServer {
  urls: string[];
  username?: string;
  password?: string;
}

/** `POST /1.0/sessions/{id}/join`: the signaling websocket (a path on the gateway here). */
export interface GatewayJoinResponse {
  url: string;
  stun_servers: GatewayStunServer[] | null;
  /** Extension `session_viewers`: the viewer this join makes, and its role as it joins. */
  viewer_id?: string | undefined;
  role?: ViewerRole | undefined;
}

/** A share link of a session (`POST /1.0/sessions/{id}/share`, `GET /1.0/shares/{id}`). */
export interface GatewayShare {
  id: string;
  session_id?: string;
  type: string;
  description?: string;
  created_at?: string;
  expiry_at: string;
  url: string;
}
