import type { ClusterOperation } from "@anbox-dashboard/contract";

/** An operation of cluster `default` as the dashboard's API lists it: a running task unless told. */
export function makeOperation(fields: Partial<ClusterOperation> = {}): ClusterOperation {
  return {
    id: "op-1",
    class: "task",
    description: "Creating instance",
    created_at: "2026-11-25T00:00:00Z",
    updated_at: "2026-11-25T00:00:00Z",
    status: "Running",
    status_code: 103,
    resources: {},
    metadata: null,
    may_cancel: false,
    err: "",
    server_address: "",
    clusterId: "default",
    ...fields,
  };
}
