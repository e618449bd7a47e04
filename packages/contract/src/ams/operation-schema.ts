import { z } from "zod";
import { operationStatusCodes, type AmsOperation, type OperationStatus } from "./operation.ts";

// Apart from operation.ts, which the web app's first load imports (the statuses): a module of its
// own keeps zod out of that load (the contract has no side effects; an unused module is dropped,
// an unused schema beside used code is not).

const operationStatuses = Object.keys(operationStatusCodes) as [
  OperationStatus,
  ...OperationStatus[],
];

/**
 * An operation as a cluster answers it, checked: the dashboard reads what any AMS (a remote one
 * is not ours) says before it relies on it. What it only shows may be missing (LXD leaves
 * `resources` null when an operation names none).
 */
export const amsOperationSchema = z.object({
  id: z.string(),
  class: z.enum(["task", "websocket", "token"]),
  description: z.string().default(""),
  created_at: z.string(),
  updated_at: z.string(),
  status: z.enum(operationStatuses),
  status_code: z.number(),
  resources: z
    .record(z.string(), z.array(z.string()))
    .nullish()
    .transform((resources) => resources ?? {}),
  metadata: z.unknown(),
  may_cancel: z.boolean().default(false),
  err: z.string().default(""),
  server_address: z.string().default(""),
}) satisfies z.ZodType<AmsOperation>;
