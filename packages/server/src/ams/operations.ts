import { z } from "zod";
import { amsOperationSchema, type AmsOperation } from "@anbox-dashboard/contract";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { clusterCallTimeoutMs } from "../clusters/cluster-call.ts";
import { callAndRead } from "./ams-answer.ts";

// A cluster's operations (`/1.0/operations`), and the resources they name.

const operationsPath = "/1.0/operations";

/** `GET /1.0/operations?recursion=1`: every operation the cluster keeps. */
export async function listOperations(cluster: ClusterHandle): Promise<AmsOperation[]> {
  const answer = await callAndRead(
    cluster,
    "a list of operations",
    z.array(amsOperationSchema),
    (signal) => cluster.client.get(`${operationsPath}?recursion=1`, signal),
  );
  return answer.metadata;
}

/** `GET /1.0/operations/{id}`: one operation as it stands. */
export async function readOperation(cluster: ClusterHandle, id: string): Promise<AmsOperation> {
  const answer = await callAndRead(cluster, "an operation", amsOperationSchema, (signal) =>
    cluster.client.get(`${operationsPath}/${encodeURIComponent(id)}`, signal),
  );
  return answer.metadata;
}

/**
 * `GET /1.0/operations/{id}/wait?timeout=`: the operation once it ended, or as it stands when
 * `seconds` ran out (its status then says it is still running).
 */
export async function waitForOperation(
  cluster: ClusterHandle,
  id: string,
  seconds: number,
): Promise<AmsOperation> {
  const answer = await callAndRead(
    cluster,
    "an operation",
    amsOperationSchema,
    (signal) =>
      cluster.client.get(
        `${operationsPath}/${encodeURIComponent(id)}/wait?timeout=${String(seconds)}`,
        signal,
      ),
    seconds * 1000 + clusterCallTimeoutMs,
  );
  return answer.metadata;
}

/** Any resource's name, as its own answer gives it. */
const namedResourceSchema = z.object({ name: z.unknown() });

/**
 * The name of a resource an operation names (`resources` holds its path, `/1.0/instances/<id>`);
 * undefined when it has none or the path is not one of the cluster's API.
 */
export async function readResourceName(
  cluster: ClusterHandle,
  path: string,
): Promise<string | undefined> {
  if (!path.startsWith("/1.0/")) return undefined;
  const answer = await callAndRead(cluster, "a resource", namedResourceSchema, (signal) =>
    cluster.client.get(path, signal),
  );
  const { name } = answer.metadata;
  return typeof name === "string" && name !== "" ? name : undefined;
}
