import { afterEach, describe, expect, it, vi } from "vitest";
import { render, waitFor } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { createQueryClient } from "../context/query-client.ts";
import { queryKeys } from "../context/query-keys.ts";
import { TourInterruptionWatch } from "./TourInterruptionWatch.tsx";
import { tourStep } from "./tour-steps.ts";
import { runningInstance } from "../pages/instances/detail/fake-instance-server.test-support.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

/** `GET /api/instances/i1`: the instance with the status of the moment, or 404 once it is "gone". */
function stubInstance(current: { status: string }) {
  vi.stubGlobal(
    "fetch",
    vi.fn((input: URL | string) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api/instances/i1") {
        if (current.status === "gone") {
          return Promise.resolve(Response.json({ error: "not found" }, { status: 404 }));
        }
        return Promise.resolve(
          Response.json({
            metadata: {
              ...runningInstance,
              id: "i1",
              clusterId: "default",
              status: current.status,
            },
          }),
        );
      }
      return Promise.resolve(Response.json({ error: "unexpected" }, { status: 404 }));
    }),
  );
}

function renderWatch(path: string, stepId: "browse-your-instances" | "stream-instance") {
  const queryClient = createQueryClient();
  const onInterrupt = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <TourInterruptionWatch step={tourStep(stepId)} onInterrupt={onInterrupt} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // What a lifecycle event does: the instance's own query is refetched.
  const event = () => queryClient.invalidateQueries({ queryKey: queryKeys.instances() });
  /** Resolves once the watch has seen the instance in this status. */
  const seen = (status: string) =>
    waitFor(() => {
      const instance = queryClient.getQueryData<{ status: string }>(
        queryKeys.instance("default", "i1"),
      );
      expect(instance?.status).toBe(status);
    });
  return { onInterrupt, event, seen };
}

describe("TourInterruptionWatch", () => {
  it("checks the instance its page names, and interrupts once it stops", async () => {
    const current = { status: "started" };
    stubInstance(current);
    const { onInterrupt, event, seen } = renderWatch(
      "/instances/default/i1",
      "browse-your-instances",
    );
    await seen("started");
    current.status = "running";
    await event();
    await seen("running");
    expect(onInterrupt).not.toHaveBeenCalled();
    current.status = "stopped";
    await event();
    await waitFor(() => {
      expect(onInterrupt).toHaveBeenCalledTimes(1);
    });
  });

  it("remembers it for a later step on another page, where a 404 means deleted", async () => {
    const current = { status: "running" };
    stubInstance(current);
    const first = renderWatch("/instances/default/i1", "browse-your-instances");
    await waitFor(() => {
      expect(sessionStorage.getItem("anbox-dashboard.tour-instance")).toContain("i1");
    });
    const later = renderWatch("/instances", "stream-instance");
    await later.seen("running");
    current.status = "gone";
    await later.event();
    await waitFor(() => {
      expect(later.onInterrupt).toHaveBeenCalled();
    });
    expect(first.onInterrupt).not.toHaveBeenCalled();
  });

  it("says nothing of a state seen before the instance was alive", async () => {
    stubInstance({ status: "gone" });
    const { onInterrupt } = renderWatch("/instances/default/i1", "browse-your-instances");
    await waitFor(() => {
      expect(fetch).toHaveBeenCalled();
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onInterrupt).not.toHaveBeenCalled();
  });
});
