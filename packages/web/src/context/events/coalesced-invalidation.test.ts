import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { coalescedInvalidation } from "./coalesced-invalidation.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("coalescedInvalidation", () => {
  it("invalidates a group at once, then at most once an interval, and each group on its own", () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries").mockResolvedValue();
    const groups = coalescedInvalidation(queryClient, 1_000);
    const calls = (root: string) =>
      invalidate.mock.calls.filter(([filters]) => filters?.queryKey?.[0] === root).length;

    for (let index = 0; index < 50; index++) groups.invalidate(["instances"]);
    groups.invalidate(["nodes"]);
    expect(calls("instances")).toBe(1);
    expect(calls("nodes")).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(calls("instances")).toBe(2); // the burst's last, at the end of the interval
    expect(calls("nodes")).toBe(1); // nothing came after its first
    vi.advanceTimersByTime(5_000);
    expect(calls("instances")).toBe(2);

    groups.invalidate(["instances"]);
    groups.invalidate(["instances"]);
    groups.cancel();
    vi.advanceTimersByTime(5_000);
    expect(calls("instances")).toBe(3); // the first at once; the waiting one dropped by cancel
  });
});
