import { describe, expect, it } from "vitest";
import { describeOperation } from "./operation-description.ts";

const shellFds = { "0": "secret", control: "secret" };

describe("describeOperation", () => {
  it("says a terminal's shell is one, open or ended with its exit code", () => {
    const shell = { class: "websocket", description: "Executing command" } as const;
    expect(describeOperation({ ...shell, status: "Running", metadata: { fds: shellFds } })).toBe(
      "Terminal session, open",
    );
    expect(
      describeOperation({ ...shell, status: "Success", metadata: { fds: shellFds, return: 0 } }),
    ).toBe("Terminal session, ended, exit code 0");
    expect(describeOperation({ ...shell, status: "Failure", metadata: { fds: shellFds } })).toBe(
      "Terminal session, ended",
    );
  });

  it("says how a command without a terminal ended, and leaves other operations as named", () => {
    const fds = { "0": "a", "1": "b", "2": "c", control: "d" };
    const command = { class: "websocket", description: "Executing command" } as const;
    expect(describeOperation({ ...command, status: "Running", metadata: { fds } })).toBe(
      "Executing command",
    );
    expect(describeOperation({ ...command, status: "Success", metadata: { fds, return: 2 } })).toBe(
      "Executing command: ended, exit code 2",
    );
    expect(
      describeOperation({
        class: "task",
        description: "Creating instance",
        status: "Success",
        metadata: null,
      }),
    ).toBe("Creating instance");
  });
});
