import { describe, expect, it, vi } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { useDraftText } from "./use-draft-text.ts";

function draftOf(initial: string) {
  const commit = vi.fn();
  const hook = renderHook(({ value }: { value: string }) => useDraftText(value, commit, 0), {
    initialProps: { value: initial },
  });
  return { hook, commit };
}

describe("useDraftText", () => {
  it("keeps what was typed when an older write of ours reaches the URL late", () => {
    const { hook, commit } = draftOf("");
    act(() => {
      hook.result.current.setDraft("w");
    });
    act(() => {
      hook.result.current.setDraft("we");
    });
    expect(commit.mock.calls).toEqual([["w"], ["we"]]);
    // The URL catches up with the first write after the second keystroke.
    hook.rerender({ value: "w" });
    expect(hook.result.current.draft).toBe("we");
    hook.rerender({ value: "we" });
    expect(hook.result.current.draft).toBe("we");
  });

  it("takes a change of the URL from elsewhere (back button, Clear filters)", () => {
    const { hook } = draftOf("web");
    act(() => {
      hook.result.current.setDraft("webs");
    });
    hook.rerender({ value: "" });
    expect(hook.result.current.draft).toBe("");
    // A write of ours that arrives after it is no longer waited for.
    hook.rerender({ value: "webs" });
    expect(hook.result.current.draft).toBe("webs");
    hook.rerender({ value: "api" });
    expect(hook.result.current.draft).toBe("api");
  });
});
