import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { createThrottle } from "./throttle.ts";
import { lifecycleRoot } from "./lifecycle-roots.ts";
import {
  notifyOperationFailure,
  registerOperationFailureHandler,
} from "./operation-failure-handlers.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

it("runs at once, then at most once per interval, the last call never lost", () => {
  const run = vi.fn();
  const throttle = createThrottle(run, 2_000);
  throttle.call();
  expect(run).toHaveBeenCalledTimes(1);
  throttle.call();
  throttle.call();
  vi.advanceTimersByTime(1_999);
  expect(run).toHaveBeenCalledTimes(1);
  vi.advanceTimersByTime(1);
  expect(run).toHaveBeenCalledTimes(2);
  vi.advanceTimersByTime(10_000);
  expect(run).toHaveBeenCalledTimes(2);
  throttle.call();
  expect(run).toHaveBeenCalledTimes(3);
  throttle.call();
  throttle.cancel();
  vi.advanceTimersByTime(10_000);
  expect(run).toHaveBeenCalledTimes(3);
});

it("maps lifecycle actions to the query roots they touch", () => {
  expect(lifecycleRoot("instance-running")).toBe("instances");
  expect(lifecycleRoot("application-deleted")).toBe("applications");
  expect(lifecycleRoot("image-created")).toBe("images");
  expect(lifecycleRoot("node-updated")).toBe("nodes");
  expect(lifecycleRoot("config-updated")).toBe("config");
  expect(lifecycleRoot("registry-pushed")).toBeUndefined();
});

it("calls an operation's failure handlers once, with the error or empty", () => {
  const first = vi.fn();
  const second = vi.fn();
  registerOperationFailureHandler("op-1", first);
  const unregister = registerOperationFailureHandler("op-2", second);
  notifyOperationFailure("op-1", "No node has room");
  notifyOperationFailure("op-1", "again");
  expect(first).toHaveBeenCalledExactlyOnceWith("No node has room");
  unregister();
  notifyOperationFailure("op-2", undefined);
  expect(second).not.toHaveBeenCalled();
  const third = vi.fn();
  registerOperationFailureHandler("op-3", third);
  notifyOperationFailure("op-3", undefined);
  expect(third).toHaveBeenCalledWith("");
});
