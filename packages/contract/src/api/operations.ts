import { z } from "zod";
import { operationStatusCodes, type OperationStatus } from "../ams/operation.ts";

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
});
export type ClusterOperation = z.infer<typeof clusterOperationSchema>;

/** `GET /api/operations?orderBy=&order=&subclusters=`. */
export const operationsResponseSchema = z.object({
  metadata: z.array(clusterOperationSchema),
});
export type OperationsResponse = z.infer<typeof operationsResponseSchema>;

/** `POST /api/events/auth?clusterId=`: a short-lived token for that cluster's events websocket. */
export const eventsAuthResponseSchema = z.object({
  metadata: z.object({ token: z.string().min(1) }),
});
export type EventsAuthResponse = z.infer<typeof eventsAuthResponseSchema>;
