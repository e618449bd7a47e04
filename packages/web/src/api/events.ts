import type { EventsAuthResponse } from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";

/** `POST /api/events/auth?clusterId=`: a short-lived token for the cluster's events websocket. */
export async function fetchEventsToken(clusterId: string, signal?: AbortSignal): Promise<string> {
  const body = await apiFetch<EventsAuthResponse>("/api/events/auth", {
    method: "POST",
    params: { clusterId },
    signal,
  });
  return body.metadata.token;
}

/**
 * The events websocket of the cluster at `clusterIndex` of `GET /api/clusters`, on this page's
 * host: wss on https, ws otherwise. A browser cannot set headers on a websocket, so the token goes
 * in the query (`secret`); the session cookie goes along by itself.
 */
export function eventsSocketUrl(
  clusterIndex: number,
  token: string,
  location: Pick<Location, "protocol" | "host"> = window.location,
): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const query = new URLSearchParams({ secret: token });
  return `${scheme}//${location.host}/ams/${clusterIndex}/1.0/events?${query.toString()}`;
}
