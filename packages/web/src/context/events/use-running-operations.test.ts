import type { ClusterOperation } from "@anbox-dashboard/contract";
import { describe, expect, it } from "vitest";
import { countRunning } from "./use-running-operations.ts";

function operation(fields: Partial<ClusterOperation>): ClusterOperation {
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

describe("countRunning", () => {
  it("counts running tasks and commands, not an open terminal's shell", () => {
    const shell = operation({
      id: "shell",
      class: "websocket",
      description: "Executing command",
      metadata: { fds: { "0": "secret", control: "secret" } },
    });
    const command = operation({
      id: "command",
      class: "websocket",
      description: "Executing command",
      metadata: { fds: { "0": "a", "1": "b", "2": "c", control: "d" } },
    });
    const ended = operation({ id: "ended", status: "Success", status_code: 200 });
    expect(countRunning([operation({}), shell, command, ended])).toBe(2);
    expect(countRunning([shell])).toBe(0);
  });
});
