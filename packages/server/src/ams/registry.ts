import { z } from "zod";
import {
  amsOperationSchema,
  amsRegistryApplicationSchema,
  type AmsOperation,
  type AmsRegistryApplication,
  type RegistryTransfer,
} from "@anbox-dashboard/contract";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { callAndRead } from "./ams-answer.ts";

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
export async function transferRegistryApplication(
  cluster: ClusterHandle,
  direction: "push" | "pull",
  transfer: RegistryTransfer,
): Promise<AmsOperation> {
  const answer = await callAndRead(cluster, "an operation", amsOperationSchema, (signal) =>
    cluster.client.post(`${registryPath}/${direction}`, transfer, signal),
  );
  return answer.metadata;
}

/** `DELETE /1.0/registry/applications/{id}`. */
export async function deleteRegistryApplication(
  cluster: ClusterHandle,
  id: string,
): Promise<AmsOperation> {
  const answer = await callAndRead(cluster, "an operation", amsOperationSchema, (signal) =>
    cluster.client.delete(`${registryPath}/${encodeURIComponent(id)}`, undefined, signal),
  );
  return answer.metadata;
}
