// The dashboard's `/api/instances...` calls (SPEC section 7): what the browser sends and receives.
// The server answers them from the clusters' AMS API; every instance carries its `clusterId`.
import { z } from "zod";
import type { UnreachableCluster } from "./cluster.ts";
import {
  instanceOrderKeys,
  instanceStatuses,
  instanceTypes,
  type AmsInstance,
  type InstanceBulkResult,
  type InstanceOrderKey,
  type InstanceStatus,
} from "../ams/instance.ts";
import { instanceNameMaxLength } from "../validation/instance-name.ts";
import {
  commaList,
  commaListOf,
  pagedListFields,
  searchField,
  subclustersField,
} from "./list-query.ts";
import type { ClusterOperation } from "./operations.ts";
import type { ResourceOwner } from "./auth.ts";

/** An instance of `GET /api/instances...`: the cluster's AMS instance plus the cluster it is on. */
export type ClusterInstance = AmsInstance & {
  clusterId: string;
  /** Who made it through the dashboard, on its own page (auth.ts). */
  owner?: ResourceOwner;
};

/** `GET /api/instances`: one page (sorted, filtered and paged in the clusters) and the total. */
export interface InstancesListResponse {
  metadata: ClusterInstance[];
  total_size: number;
  /** The clusters that did not answer, when others did: their items are missing. */
  unreachable?: UnreachableCluster[];
}

/** `GET /api/instances/{id}?clusterId=`. */
export interface InstanceResponse {
  metadata: ClusterInstance;
}

/** Answer of every single-instance write: the cluster's operation, which ends as events tell. */
export interface InstanceOperationResponse {
  metadata: ClusterOperation;
}

/** Sort keys of `GET /api/instances?orderBy=` (those the cluster sorts by). */
export const instanceListOrderBy = instanceOrderKeys;
export type InstanceListOrderBy = InstanceOrderKey;

/**
 * Query of `GET /api/instances`. `search` matches a part of the name; the other filters match
 * exactly; `status` and `tags` take comma-joined lists (every tag must be present); `subclusters`
 * names the clusters to list (all when absent).
 */
export const instancesListQuerySchema = z.object({
  ...pagedListFields(instanceListOrderBy, "created_at"),
  status: commaListOf("status", instanceStatuses).optional(),
  type: z
    .enum(instanceTypes, { message: `type must be one of ${instanceTypes.join(", ")}` })
    .optional(),
  // A part of a name: no longer than the longest name.
  search: searchField(instanceNameMaxLength),
  app_name: z.string().max(255).optional(),
  image_name: z.string().max(255).optional(),
  node: z.string().max(255).optional(),
  tags: commaList("tags").optional(),
  subclusters: subclustersField,
});
export type InstancesListQuery = z.input<typeof instancesListQuerySchema>;
export type InstancesListParsed = z.output<typeof instancesListQuerySchema>;

/** One instance named across clusters (bulk calls). */
export const instanceRefSchema = z.object({
  id: z.string({ message: "id must be a string" }).min(1, "id must not be empty"),
  clusterId: z.string({ message: "clusterId must be a string" }).min(1),
});
export type InstanceRef = z.infer<typeof instanceRefSchema>;

const instanceRefsSchema = z
  .array(instanceRefSchema, { message: "instances must be a list of {id, clusterId}" })
  .min(1, "instances must name at least one instance")
  .max(1000, "at most 1000 instances at once");

/** `PATCH /api/instances/{id}?clusterId=`. */
export const instancePatchBodySchema = z.object({
  desired_status: z.enum(["running", "stopped"], {
    message: "desired_status must be running or stopped",
  }),
});

/** `DELETE /api/instances/{id}?clusterId=`: `force` deletes a running or protected-less one at once. */
export const instanceDeleteBodySchema = z.object({ force: z.boolean().optional() }).optional();

/** `PATCH /api/instance_bulk`: `deleted` deletes them instead (with `force`). */
export const instanceBulkBodySchema = z.object({
  desired_status: z.enum(["running", "stopped", "deleted"], {
    message: "desired_status must be running, stopped or deleted",
  }),
  instances: instanceRefsSchema,
  force: z.boolean().optional(),
});
export type InstanceBulkBody = z.infer<typeof instanceBulkBodySchema>;

/** `DELETE /api/instances`. */
export const instancesDeleteBodySchema = z.object({
  instances: instanceRefsSchema,
  force: z.boolean().optional(),
});
export type InstancesDeleteBody = z.infer<typeof instancesDeleteBodySchema>;

/** One instance's outcome of a bulk call. */
export type ClusterInstanceBulkResult = InstanceBulkResult & { clusterId: string };

/**
 * Answer of the bulk calls, once the clusters' operations ended (or the wait ran out: then the
 * instances of that cluster are reported with the operation's state as their error).
 */
export interface InstanceBulkResponse {
  metadata: { results: ClusterInstanceBulkResult[] };
}

/** `GET /api/instances/{id}/logs?clusterId=`: the log names, sorted. */
export interface InstanceLogsResponse {
  metadata: string[];
}

/** `POST /api/instances/{id}/exec?clusterId=` (JSON or form data): the terminal's size. */
export const instanceExecBodySchema = z.object({
  height: z.coerce
    .number({ message: "height must be a number" })
    .int("height must be a whole number")
    .min(1, "height must be at least 1")
    .max(1000, "height must be at most 1000"),
  width: z.coerce
    .number({ message: "width must be a number" })
    .int("width must be a whole number")
    .min(1, "width must be at least 1")
    .max(1000, "width must be at most 1000"),
});
export type InstanceExecBody = z.infer<typeof instanceExecBodySchema>;

/**
 * Answer of the exec call: the operation and, per fd ("0": the terminal, "control": resizes and
 * signals), the path of its websocket through the dashboard's relay
 * (`/ams/{clusterIndex}/1.0/operations/{operation}/websocket?secret=...`).
 */
export interface InstanceExecResponse {
  metadata: {
    operation: string;
    clusterId: string;
    sockets: { terminal: string; control: string };
  };
}

/** Statuses in which an instance has a shell to open. */
export const terminalStatuses: readonly InstanceStatus[] = ["running", "started"];
