import { z } from "zod";
import {
  amsEventsTokenSchema,
  serviceStatusSchema,
  type AmsEventsToken,
  type ServiceStatus,
} from "@anbox-dashboard/contract";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import type { AmsClient } from "../clusters/ams-client.ts";
import type { GatewayClient } from "../clusters/gateway-client.ts";
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

/** What the command line reads of a service it is given: whether it trusts us, its version. */
const serviceGreetingSchema = z.object({
  auth: z.string().optional(),
  server_version: z.string().optional(),
});

/**
 * `GET /1.0` through a client alone, before any cluster handle exists (the command line checking
 * an AMS it is given, a cluster starting): whether it trusts the caller and its version, as far
 * as it says; its failures as they come.
 */
export async function askServiceStatus(
  client: AmsClient,
): Promise<z.output<typeof serviceGreetingSchema>> {
  const answer = await client.get("/1.0");
  const parsed = serviceGreetingSchema.safeParse(answer.metadata);
  if (!parsed.success) throw new Error("it answered GET /1.0 with something other than AMS's");
  return parsed.data;
}

/** `GET /1.0/sessions` on a stream gateway alone: fails unless it answers and takes the token. */
export async function askGatewaySessions(gateway: GatewayClient): Promise<void> {
  await gateway.get("/1.0/sessions");
}

/** `POST /1.0/events/auth`: a short-lived token for `GET /1.0/events?secret=<token>`. */
export async function issueEventsToken(cluster: ClusterHandle): Promise<AmsEventsToken> {
  const answer = await callAndRead(cluster, "an events token", amsEventsTokenSchema, (signal) =>
    cluster.client.post("/1.0/events/auth", undefined, signal),
  );
  return answer.metadata;
}
