import { describe, expect, it } from "vitest";
import { createTerminalExitWatcher, type TerminalKeyEvent } from "./terminal-exit-key.ts";

function keydown(key: string, modifiers: Partial<TerminalKeyEvent> = {}): TerminalKeyEvent {
  return {
    type: "keydown",
    key,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    shiftKey: false,
    ...modifiers,
  };
}

describe("createTerminalExitWatcher", () => {
  it("leaves on Escape then Tab, and gives Escape itself to the shell", () => {
    const watch = createTerminalExitWatcher();
    expect(watch(keydown("Escape"))).toBe("shell");
    expect(watch(keydown("Tab"))).toBe("leave-forward");
    // Once left, the next Tab is the shell's again.
    expect(watch(keydown("Tab"))).toBe("shell");
  });

  it("leaves backwards on Escape then Shift+Tab, the Shift pressed on its own in between", () => {
    const watch = createTerminalExitWatcher();
    watch(keydown("Escape"));
    expect(watch(keydown("Shift", { shiftKey: true }))).toBe("shell");
    expect(watch(keydown("Tab", { shiftKey: true }))).toBe("leave-backward");
  });

  it("keeps Tab for the shell when anything else came between Escape and Tab", () => {
    const watch = createTerminalExitWatcher();
    for (const between of [keydown("a"), keydown("Escape", { ctrlKey: true }), keydown(":")]) {
      watch(keydown("Escape"));
      watch(between);
      expect(watch(keydown("Tab"))).toBe("shell");
    }
    // Tab alone (completion) and Ctrl+Tab after Escape are the shell's too.
    expect(watch(keydown("Tab"))).toBe("shell");
    watch(keydown("Escape"));
    expect(watch(keydown("Tab", { ctrlKey: true }))).toBe("shell");
  });

  it("counts key downs only: the Escape's key up does not disarm it", () => {
    const watch = createTerminalExitWatcher();
    watch(keydown("Escape"));
    expect(watch({ ...keydown("Escape"), type: "keyup" })).toBe("shell");
    expect(watch({ ...keydown("Escape"), type: "keypress" })).toBe("shell");
    expect(watch(keydown("Tab"))).toBe("leave-forward");
  });
});
