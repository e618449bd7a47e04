import { afterEach, describe, expect, it } from "vitest";
import {
  applicationState,
  instanceState,
  readTourResource,
  resourceOfRoute,
  saveTourResource,
} from "./tour-resources.ts";

afterEach(() => {
  sessionStorage.clear();
});

describe("the tour's own application and instance", () => {
  it("are named by the pages their steps show on, and kept for the tab", () => {
    expect(resourceOfRoute({ clusterId: "default", id: "app1" })).toEqual({
      clusterId: "default",
      id: "app1",
    });
    expect(resourceOfRoute({ clusterId: "second", instanceId: "i1" })).toEqual({
      clusterId: "second",
      id: "i1",
    });
    expect(resourceOfRoute({})).toBeUndefined();
    expect(resourceOfRoute(undefined)).toBeUndefined();
    saveTourResource("instance", { clusterId: "default", id: "i1" });
    expect(readTourResource("instance")).toEqual({ clusterId: "default", id: "i1" });
    expect(readTourResource("application")).toBeUndefined();
    sessionStorage.setItem("anbox-dashboard.tour-application", '{"clusterId":1}');
    expect(readTourResource("application")).toBeUndefined();
  });

  it("read an application's check: 404 deleted, ready or initializing alive, else failed", () => {
    expect(applicationState(undefined, true)).toBe("deleted");
    expect(applicationState(undefined, false)).toBeUndefined();
    expect(applicationState({ status: "initializing" }, false)).toBe("alive");
    expect(applicationState({ status: "ready" }, false)).toBe("alive");
    expect(applicationState({ status: "deleted" }, false)).toBe("deleted");
    expect(applicationState({ status: "error" }, false)).toBe("error");
  });

  it("read an instance's check: on its way or running alive; stopped, failed or gone end it", () => {
    expect(instanceState(undefined, true)).toBe("deleted");
    for (const status of ["created", "prepared", "started", "running"]) {
      expect(instanceState({ status }, false)).toBe("alive");
    }
    expect(instanceState({ status: "stopped" }, false)).toBe("stopped");
    expect(instanceState({ status: "error" }, false)).toBe("error");
    expect(instanceState({ status: "deleted" }, false)).toBe("deleted");
    expect(instanceState({ status: "unknown" }, false)).toBeUndefined();
  });
});
