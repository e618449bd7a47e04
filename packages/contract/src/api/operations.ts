import { z } from "zod";
import { operationStatusCodes, type OperationStatus } from "../ams/operation.ts";
import { commaListOf, pageQueryField, sizeQueryField, subclustersField } from "./list-query.ts";
import { unreachableClusterSchema } from "./cluster.ts";

/** Columns `GET /api/operations` sorts by (`orderBy`); the default is `created_at`. */
export const operationsOrderByValues = [
  "created_at",
  "updated_at",
  "status",
  "description",
] as const;
export type OperationsOrderBy = (typeof operationsOrderByValues)[number];

/** Sort direction (`order`); the default is `desc`: newest first. */
export const operationsOrderValues = ["asc", "desc"] as const;
export type OperationsOrder = (typeof operationsOrderValues)[number];

const operationStatusNames = Object.keys(operationStatusCodes) as [
  OperationStatus,
  ...OperationStatus[],
];

/**
 * The statuses the operations list offers to filter by: those the clusters' operations take (the
 * server accepts any AMS status name).
 */
export const operationListStatuses = [
  "Running",
  "Cancelling",
  "Success",
  "Failure",
  "Cancelled",
] as const satisfies readonly OperationStatus[];

/**
 * A row of the operations list names this many resources of each kind, then counts the rest; the
 * server looks up the names of those only.
 */
export const operationResourcesShown = 3;

/**
 * What an operation acts on (`type=`), as a user looks for it ("what happened to my instances?"):
 * the kind of the resources it names. One that names none of these (a configuration change, a
 * certificate, a registry sync) is "other".
 */
export const operationTypes = ["instances", "applications", "images", "nodes", "other"] as const;
export type OperationType = (typeof operationTypes)[number];

/** The types of an operation, from its resources (`{ instances: ["/1.0/instances/<id>"] }`). */
export function operationTypesOf(resources: Record<string, string[]>): OperationType[] {
  const kinds = operationTypes.filter(
    (type) => type !== "other" && (resources[type]?.length ?? 0) > 0,
  );
  return kinds.length > 0 ? kinds : ["other"];
}

/**
 * `GET /api/operations?orderBy=&order=&subclusters=&status=&type=&page=&size=`. With `page` or
 * `size`, one page of the operations that match, each with the names of its resources, and how
 * many match; without, every operation that matches (what the status bar counts).
 */
export const operationsListQuerySchema = z.object({
  orderBy: z
    .enum(operationsOrderByValues, {
      message: `orderBy must be one of ${operationsOrderByValues.join(", ")}`,
    })
    .default("created_at"),
  order: z.enum(operationsOrderValues, { message: "order must be asc or desc" }).default("desc"),
  subclusters: subclustersField,
  status: commaListOf("status", operationStatusNames).optional(),
  type: commaListOf("type", operationTypes).optional(),
  page: pageQueryField,
  size: sizeQueryField,
});
export type OperationsListQuery = z.input<typeof operationsListQuerySchema>;
export type OperationsListParsed = z.output<typeof operationsListQuerySchema>;

/** One item of `GET /api/operations`: the cluster's AMS operation plus the cluster it runs on. */
export const clusterOperationSchema = z.object({
  id: z.string(),
  class: z.enum(["task", "websocket", "token"]),
  description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  status: z.enum(operationStatusNames),
  status_code: z.number(),
  resources: z.record(z.string(), z.array(z.string())),
  metadata: z.unknown(),
  may_cancel: z.boolean(),
  err: z.string(),
  server_address: z.string(),
  clusterId: z.string(),
  /**
   * The names of its resources by their URL (`/1.0/instances/<id>` → `web-1`), on a page of the
   * list: those the server could find (a deleted instance has none).
   */
  resourceNames: z.record(z.string(), z.string()).optional(),
});
export type ClusterOperation = z.infer<typeof clusterOperationSchema>;

/** `GET /api/operations`: the operations; with `page` or `size`, one page and how many match. */
export const operationsResponseSchema = z.object({
  metadata: z.array(clusterOperationSchema),
  total_size: z.number().int().nonnegative().optional(),
  /** The clusters that did not answer, when others did: their operations are missing. */
  unreachable: z.array(unreachableClusterSchema).optional(),
});
export type OperationsResponse = z.infer<typeof operationsResponseSchema>;

/** `POST /api/events/auth?clusterId=`: a short-lived token for that cluster's events websocket. */
export const eventsAuthResponseSchema = z.object({
  metadata: z.object({ token: z.string().min(1) }),
});
export type EventsAuthResponse = z.infer<typeof eventsAuthResponseSchema>;
