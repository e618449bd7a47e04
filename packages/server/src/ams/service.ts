import {
  amsEventsTokenSchema,
  serviceStatusSchema,
  type AmsEventsToken,
  type ServiceStatus,
} from "@anbox-dashboard/contract";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { callAndRead } from "./ams-answer.ts";

// The cluster's service itself: `GET /1.0` (reachable, version, extensions) and the token of its
// events stream.

/** `GET /1.0`: whether it trusts the dashboard, its version and its API extensions. */
export async function readServiceStatus(
  cluster: ClusterHandle,
  timeoutMs?: number,
): Promise<ServiceStatus> {
  const answer = await callAndRead(
    cluster,
    "a service status",
    serviceStatusSchema,
    (signal) => cluster.client.get("/1.0", signal),
    timeoutMs,
  );
  return answer.metadata;
}

/** `POST /1.0/events/auth`: a short-lived token for `GET /1.0/events?secret=<token>`. */
export async function issueEventsToken(cluster: ClusterHandle): Promise<AmsEventsToken> {
  const answer = await callAndRead(cluster, "an events token", amsEventsTokenSchema, (signal) =>
    cluster.client.post("/1.0/events/auth", undefined, signal),
  );
  return answer.metadata;
}
