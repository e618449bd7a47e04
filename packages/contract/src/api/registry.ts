// The dashboard's `/api/registry` calls: the application registry (AAR) as one cluster sees it
// (`GET /1.0/registry/applications`), with the clusters of this dashboard that hold each
// application, and the manual push, pull and delete, each a cluster operation.
import { z } from "zod";
import type { AmsRegistryApplication } from "../ams/application.ts";
import type { ClusterOperation } from "./operations.ts";

/** One application of `GET /api/registry/applications`. */
export interface RegistryApplicationView extends AmsRegistryApplication {
  /** The clusters of this dashboard that have an application of this name, by id. */
  heldBy: string[];
}

/** `registry.mode` of the cluster: `manual`, or automatic (`pull`, `push`). */
export const registryModes = ["manual", "pull", "push"] as const;
export type RegistryMode = (typeof registryModes)[number];

/**
 * `GET /api/registry/applications?clusterId=`: the registry of one cluster (the first when none
 * is named). `enabled` is false when that cluster has no `registry.url` (then the list is empty);
 * `mode` is its `registry.mode`: in `pull` and `push` the cluster synchronises by itself and the
 * dashboard offers no manual push, pull or delete.
 */
export interface RegistryApplicationsResponse {
  metadata: RegistryApplicationView[];
  clusterId: string;
  enabled: boolean;
  mode: RegistryMode;
}

/**
 * `POST /api/registry/applications/push?clusterId=` (`id`: an application of that cluster, by id
 * or name) and `POST /api/registry/applications/pull?clusterId=` (`id`: a registry application,
 * by id or name, pulled into that cluster). Messages name the field.
 */
export const registryTransferSchema = z.strictObject({
  id: z
    .string({ message: "id must be an application id or name" })
    .trim()
    .min(1, "id must not be empty")
    .max(255, "id must be at most 255 characters"),
});
export type RegistryTransfer = z.infer<typeof registryTransferSchema>;

/** Push, pull and delete (`DELETE /api/registry/applications/:id?clusterId=`): 202 and the operation. */
export interface RegistryOperationResponse {
  metadata: ClusterOperation;
}
