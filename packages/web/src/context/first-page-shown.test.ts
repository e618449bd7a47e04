import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";

/** A fresh copy of the module: "shown" is once per page load, so once per test here. */
async function freshModule() {
  vi.resetModules();
  return import("./first-page-shown.ts");
}

/** A query that loads until `finish` is called. */
function loadingQuery(queryClient: QueryClient) {
  let finish: () => void = () => undefined;
  void queryClient.query({
    queryKey: ["slow"],
    queryFn: () =>
      new Promise<string>((resolve) => {
        finish = () => {
          resolve("done");
        };
      }),
  });
  return () => {
    finish();
  };
}

/** The animation frame callbacks asked for, by their id, until the next frame. */
let frames = new Map<number, () => void>();
let lastFrame = 0;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  frames = new Map();
  vi.stubGlobal("requestAnimationFrame", (callback: () => void) => {
    lastFrame += 1;
    frames.set(lastFrame, callback);
    return lastFrame;
  });
  vi.stubGlobal("cancelAnimationFrame", (id: number) => frames.delete(id));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The browser draws a frame: its callbacks run, then the tasks they posted. */
async function paintFrame() {
  const pending = [...frames.values()];
  frames = new Map();
  for (const frame of pending) frame();
  await vi.advanceTimersByTimeAsync(0);
}

describe("whenFirstPageShown", () => {
  it("waits for the queries in flight, then for the frame drawn after them", async () => {
    const { whenFirstPageShown } = await freshModule();
    const queryClient = new QueryClient();
    const finish = loadingQuery(queryClient);
    const shown = vi.fn();
    whenFirstPageShown(queryClient, shown);
    await paintFrame();
    expect(shown).not.toHaveBeenCalled();
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).not.toHaveBeenCalled();
    await paintFrame();
    expect(shown).toHaveBeenCalledOnce();
    // Shown once for the page load: a later caller is called at once.
    const later = vi.fn();
    whenFirstPageShown(queryClient, later);
    expect(later).toHaveBeenCalledOnce();
  });

  it("gives up waiting after 3 s of a query that does not end", async () => {
    const { whenFirstPageShown } = await freshModule();
    const queryClient = new QueryClient();
    loadingQuery(queryClient);
    const shown = vi.fn();
    whenFirstPageShown(queryClient, shown);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(shown).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(shown).toHaveBeenCalledOnce();
  });

  it("tells every waiter once one of them sees the page shown", async () => {
    const { whenFirstPageShown } = await freshModule();
    const stillLoading = new QueryClient();
    loadingQuery(stillLoading);
    const early = vi.fn();
    whenFirstPageShown(stillLoading, early);
    const idle = vi.fn();
    whenFirstPageShown(new QueryClient(), idle);
    await paintFrame();
    expect(idle).toHaveBeenCalledOnce();
    expect(early).toHaveBeenCalledOnce();
  });

  it("calls nothing once cancelled", async () => {
    const { whenFirstPageShown } = await freshModule();
    const queryClient = new QueryClient();
    const shown = vi.fn();
    const cancel = whenFirstPageShown(queryClient, shown);
    cancel();
    await paintFrame();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(shown).not.toHaveBeenCalled();
  });
});
