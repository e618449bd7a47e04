import { z } from "zod";
import {
  amsRegistryApplicationSchema,
  type AmsOperation,
  type AmsRegistryApplication,
  type RegistryTransfer,
} from "@anbox-dashboard/contract";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { callAndRead, callForOperation } from "./ams-answer.ts";

// The application registry as a cluster sees it (`/1.0/registry/applications`).

const registryPath = "/1.0/registry/applications";

/** `GET /1.0/registry/applications`: the registry's applications. */
export async function listRegistryApplications(
  cluster: ClusterHandle,
): Promise<AmsRegistryApplication[]> {
  const answer = await callAndRead(
    cluster,
    "a list of registry applications",
    z.array(amsRegistryApplicationSchema),
    (signal) => cluster.client.get(registryPath, signal),
  );
  return answer.metadata;
}

/** `POST /1.0/registry/applications/push|pull`: the operation moving one application. */
export function transferRegistryApplication(
  cluster: ClusterHandle,
  direction: "push" | "pull",
  transfer: RegistryTransfer,
): Promise<AmsOperation> {
  return callForOperation(cluster, (signal) =>
    cluster.client.post(`${registryPath}/${direction}`, transfer, signal),
  );
}

/** `DELETE /1.0/registry/applications/{id}`. */
export function deleteRegistryApplication(
  cluster: ClusterHandle,
  id: string,
): Promise<AmsOperation> {
  return callForOperation(cluster, (signal) =>
    cluster.client.delete(`${registryPath}/${encodeURIComponent(id)}`, undefined, signal),
  );
}
