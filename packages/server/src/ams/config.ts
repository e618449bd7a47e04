import {
  amsConfigSchema,
  type AmsConfig,
  type AmsOperation,
  type ConfigPatch,
} from "@anbox-dashboard/contract";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { callAndRead, callForOperation } from "./ams-answer.ts";

// The cluster's configuration (`/1.0/config`).

const configPath = "/1.0/config";

/** `GET /1.0/config`: every key the cluster reports, with its value. */
export async function readConfig(cluster: ClusterHandle): Promise<AmsConfig["config"]> {
  const answer = await callAndRead(cluster, "a configuration", amsConfigSchema, (signal) =>
    cluster.client.get(configPath, signal),
  );
  return answer.metadata.config;
}

/** `PATCH /1.0/config`: the operation that sets one key. */
export function changeConfig(cluster: ClusterHandle, change: ConfigPatch): Promise<AmsOperation> {
  return callForOperation(cluster, (signal) => cluster.client.patch(configPath, change, signal));
}
