import { afterEach, describe, expect, it, vi } from "vitest";
import { act, render } from "@testing-library/react";
import { LeaveGuards } from "./leave-guards.ts";
import { LeaveConfirmation } from "./LeaveConfirmation.tsx";

// The dialog's code does not load (the network gone): every attempt fails.
vi.mock("./LeaveDialog.tsx", () => {
  throw new Error("Failed to fetch dynamically imported module");
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("LeaveConfirmation without its dialog's code", () => {
  it.each([
    [true, "makes the move"],
    [false, "stays"],
  ])("asks with the browser's question instead; answered %s, it %s", async (answer) => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const confirm = vi.fn(() => answer);
    vi.stubGlobal("confirm", confirm);
    const guards = new LeaveGuards();
    const move = vi.fn();
    guards.hold(move);
    render(<LeaveConfirmation guards={guards} />);
    // The code is tried again four times, 0.3 s, 0.6 s, 0.9 s and 1.2 s apart.
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(confirm).toHaveBeenCalledExactlyOnceWith(
      "Leave without saving? What you typed in this form has not been sent.",
    );
    expect(move).toHaveBeenCalledTimes(answer ? 1 : 0);
    expect(guards.isHolding()).toBe(false);
  });
});
