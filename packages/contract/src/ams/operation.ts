/** AMS operation status codes (LXD's): a code of 200 or above is final. */
export const operationStatusCodes = {
  "Operation created": 100,
  Started: 101,
  Stopped: 102,
  Running: 103,
  Cancelling: 104,
  Pending: 105,
  Starting: 106,
  Stopping: 107,
  Aborting: 108,
  Freezing: 109,
  Frozen: 110,
  Thawed: 111,
  Error: 112,
  Success: 200,
  Failure: 400,
  Cancelled: 401,
} as const;

export type OperationStatus = keyof typeof operationStatusCodes;
export type OperationClass = "task" | "websocket" | "token";

export function isFinalOperationStatusCode(code: number): boolean {
  return code >= 200;
}

/** An AMS operation (`GET /1.0/operations/{id}`). */
export interface AmsOperation {
  id: string;
  class: OperationClass;
  description: string;
  created_at: string;
  updated_at: string;
  status: OperationStatus;
  status_code: number;
  /** Resource URLs by kind, e.g. `{ instances: ["/1.0/instances/<id>"] }`. */
  resources: Record<string, string[]>;
  metadata: unknown;
  may_cancel: boolean;
  err: string;
  server_address: string;
}
