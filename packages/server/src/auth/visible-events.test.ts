// What a cluster's events socket carries to a user, by what they may view: everything of a
// cluster viewed whole, else only what is about what they may view, with the rest unnamed.
import { describe, expect, it } from "vitest";
import type { AmsOperation, Grant } from "@anbox-dashboard/contract";
import { Access } from "./access.ts";
import { eventAsSeenBy } from "./visible-events.ts";

function accessHolding(grants: Grant[]): Access {
  return new Access(grants.map((grant) => ({ ...grant, grantedBy: { group: "g" } })));
}

const operation: AmsOperation = {
  id: "op1",
  class: "task",
  description: "Creating instance",
  created_at: "2026-12-07T00:00:00Z",
  updated_at: "2026-12-07T00:00:00Z",
  status: "Running",
  status_code: 103,
  resources: {
    instances: ["/1.0/instances/mine"],
    applications: ["/1.0/applications/hidden-app"],
  },
  metadata: null,
  may_cancel: false,
  err: "",
  server_address: "",
};

const frames = {
  operation: JSON.stringify({ type: "operation", timestamp: "t", metadata: operation }),
  mineUpdated: JSON.stringify({
    type: "lifecycle",
    timestamp: "t",
    metadata: { action: "instance-updated", source: "/1.0/instances/mine" },
  }),
  otherUpdated: JSON.stringify({
    type: "lifecycle",
    timestamp: "t",
    metadata: { action: "instance-updated", source: "/1.0/instances/other" },
  }),
  config: JSON.stringify({
    type: "lifecycle",
    timestamp: "t",
    metadata: { action: "config-updated", source: "/1.0/config" },
  }),
  logging: JSON.stringify({
    type: "logging",
    timestamp: "t",
    metadata: { level: "info", message: "node lab-1 joined" },
  }),
};

describe("eventAsSeenBy", () => {
  it("passes every frame, as it came, to who views the whole cluster", () => {
    const viewer = accessHolding([{ entitlement: "can_view", resource: "cluster:lab" }]);
    for (const frame of [...Object.values(frames), "not json"]) {
      expect(eventAsSeenBy(viewer, "lab", frame)).toBe(frame);
    }
  });

  it("gives who views one instance its events only, naming nothing else", () => {
    const viewer = accessHolding([{ entitlement: "can_view", resource: "instance:lab/mine" }]);
    const seen = eventAsSeenBy(viewer, "lab", frames.operation);
    expect(JSON.parse(seen ?? "null")).toMatchObject({
      type: "operation",
      metadata: { id: "op1", resources: { instances: ["/1.0/instances/mine"], applications: [] } },
    });
    expect(eventAsSeenBy(viewer, "lab", frames.mineUpdated)).toBe(frames.mineUpdated);
    expect(eventAsSeenBy(viewer, "lab", frames.otherUpdated)).toBeUndefined();
    expect(eventAsSeenBy(viewer, "lab", frames.config)).toBeUndefined();
    expect(eventAsSeenBy(viewer, "lab", frames.logging)).toBeUndefined();
    // The same instance's id in another cluster is not theirs.
    expect(eventAsSeenBy(viewer, "prod", frames.mineUpdated)).toBeUndefined();
    expect(eventAsSeenBy(viewer, "prod", frames.operation)).toBeUndefined();
  });

  it("gives the configuration's changes to who may view it, and drops what it cannot read", () => {
    const viewer = accessHolding([
      { entitlement: "can_view", resource: "instance:lab/mine" },
      { entitlement: "can_view_config", resource: "cluster:lab" },
    ]);
    expect(eventAsSeenBy(viewer, "lab", frames.config)).toBe(frames.config);
    for (const frame of ["not json", "null", '{"type":"operation","metadata":{"resources":7}}']) {
      expect(eventAsSeenBy(viewer, "lab", frame)).toBeUndefined();
    }
  });
});
