import { describe, expect, it } from "vitest";
import { makeOperation } from "../../test-support/cluster-operation.ts";
import { countRunning } from "./use-running-operations.ts";

describe("countRunning", () => {
  it("counts running tasks and commands, not an open terminal's shell", () => {
    const shell = makeOperation({
      id: "shell",
      class: "websocket",
      description: "Executing command",
      metadata: { fds: { "0": "secret", control: "secret" } },
    });
    const command = makeOperation({
      id: "command",
      class: "websocket",
      description: "Executing command",
      metadata: { fds: { "0": "a", "1": "b", "2": "c", control: "d" } },
    });
    const ended = makeOperation({ id: "ended", status: "Success", status_code: 200 });
    expect(countRunning([makeOperation(), shell, command, ended])).toBe(2);
    expect(countRunning([shell])).toBe(0);
  });
});
