import { afterEach, describe, expect, it, vi } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { useStreamView, type StreamViewReports } from "./use-stream-view.ts";

function reporter() {
  const stillWatching = vi.fn<StreamViewReports["stillWatching"]>(() => Promise.resolve());
  const left = vi.fn<StreamViewReports["left"]>();
  return { stillWatching, left };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the view a stream page's join began", () => {
  it("is kept every minute while it plays, and left once when the player loses it", () => {
    vi.useFakeTimers();
    const reports = reporter();
    const { result, unmount } = renderHook(() => useStreamView(reports));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    // Nothing joined yet: nothing to keep.
    expect(reports.stillWatching).not.toHaveBeenCalled();
    act(() => {
      result.current.began("view-1");
      vi.advanceTimersByTime(120_000);
    });
    expect(reports.stillWatching.mock.calls).toEqual([["view-1"], ["view-1"]]);
    act(() => {
      result.current.ended();
      vi.advanceTimersByTime(120_000);
    });
    expect(reports.left.mock.calls).toEqual([["view-1", "request"]]);
    expect(reports.stillWatching).toHaveBeenCalledTimes(2);
    unmount();
    expect(reports.left).toHaveBeenCalledTimes(1);
  });

  it("is left by a beacon as the tab closes, and by a request as another page opens", () => {
    const reports = reporter();
    const { result, unmount } = renderHook(() => useStreamView(reports));
    act(() => {
      result.current.began("view-2");
    });
    window.dispatchEvent(new Event("pagehide"));
    expect(reports.left.mock.calls).toEqual([["view-2", "beacon"]]);
    act(() => {
      result.current.began("view-3");
    });
    unmount();
    expect(reports.left.mock.calls.at(-1)).toEqual(["view-3", "request"]);
  });

  it("leaves a join of an older server (no view id) without naming a view", () => {
    const reports = reporter();
    const { result, unmount } = renderHook(() => useStreamView(reports));
    act(() => {
      result.current.began(undefined);
    });
    unmount();
    expect(reports.left.mock.calls).toEqual([[undefined, "request"]]);
  });
});
