import type { GatewaySession, GatewaySessionStatus, StreamScreen } from "@anbox-dashboard/contract";
import type { GatewaySessionsTable } from "../store/schema.ts";
import { parseJsonColumn } from "../store/json-column.ts";
import { defaultDisplay } from "../instances/instance-record.ts";
import { rfc3339 } from "./rfc3339.ts";

/** A session row with what its instance (if it still exists) adds. */
export type SessionWithInstance = GatewaySessionsTable & {
  live_instance_id: string | null;
  instance_name: string | null;
};

/**
 * The session as the gateway shows it: GW-OAS `api.Session` (`cluster_id` is the cluster's name,
 * `container_id` the instance's id, empty once the instance is gone, as GW-OAS says).
 */
export function toGatewaySession(row: SessionWithInstance, clusterName: string): GatewaySession {
  return {
    id: row.id,
    app: row.app,
    status: row.status as GatewaySessionStatus,
    status_message: row.status_message,
    region: row.region,
    joinable: row.joinable === 1,
    cluster_id: clusterName,
    container_id: row.live_instance_id ?? "",
    // Extensions of this gateway (not in GW-OAS): the instance's name ("" once it is gone), the
    // creation time (RFC 3339) and the screen the session streams.
    instance_name: row.instance_name ?? "",
    created_at: rfc3339(row.created_at),
    screen: sessionScreen(row),
  };
}

/** The screen the session streams (its instance's display when it was made). */
export function sessionScreen(row: Pick<GatewaySessionsTable, "screen">): StreamScreen {
  return { ...defaultDisplay, ...parseJsonColumn<Partial<StreamScreen>>(row.screen, {}) };
}
