import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import type { EffectivePermissions } from "@anbox-dashboard/contract";
import { FakeApi } from "../../test-support/fake-api.ts";
import { adminPermissions } from "../../test-support/permissions.ts";
import { renderPage } from "../../test-support/render-page.tsx";
import { NodePanel } from "./NodePanel.tsx";

const node = {
  name: "lxd0",
  clusterId: "default",
  status: "online",
  address: "10.0.0.2",
  architecture: "x86_64",
  cpus: 8,
  cpu_allocation_rate: 4,
  memory: "16GB",
  memory_allocation_rate: 2,
  gpu_slots: 2,
  vpu_slots: 0,
  tags: ["fast"],
  unschedulable: false,
  allocated: { cpus: 0, memory: "0GB", gpu_slots: 0, vpu_slots: 0 },
};

/** Someone who may view the cluster and nothing more. */
const viewer: EffectivePermissions["metadata"] = {
  groups: ["viewers"],
  providerGroups: [],
  groupsFromProvider: [],
  viewingAs: null,
  permissions: [
    { entitlement: "can_view", resource: "cluster:default", grantedBy: { group: "viewers" } },
  ],
  grantsByGroup: [],
};

function renderPanel(permissions: EffectivePermissions["metadata"]) {
  new FakeApi()
    .on("GET", "/api/auth/permissions", () => ({ metadata: permissions }))
    .on("GET", "/api/nodes/lxd0", () => ({ metadata: node }))
    .on("GET", "/api/instances", () => ({ metadata: [], total_size: 0 }));
  renderPage("/nodes", [
    {
      path: "/nodes",
      element: <NodePanel open={{ clusterId: "default", name: "lxd0" }} close={() => undefined} />,
    },
  ]);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("NodePanel", () => {
  it("shows the settings as facts, not fields, to who may not edit the node", async () => {
    renderPanel(viewer);
    expect(await screen.findByText("CPU allocation rate")).toBeInTheDocument();
    expect(screen.getByText("fast")).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByRole("button", { name: "Save changes" })).toBeNull();
    expect(
      screen.getByText(/^You need can_edit on node:default\/lxd0\./, { selector: "p" }),
    ).toBeInTheDocument();
    const remove = screen.getByRole("button", { name: "Remove node" });
    expect(remove).toHaveAttribute("aria-disabled", "true");
    expect(remove).toHaveAccessibleDescription(/^You need can_delete on node:default\/lxd0\./);
  });

  it("gives who may edit the node its form", async () => {
    renderPanel(adminPermissions);
    expect(await screen.findByRole("textbox", { name: "CPU allocation rate" })).toHaveValue("4");
    expect(screen.getByRole("button", { name: "Remove node" })).toHaveAttribute(
      "aria-disabled",
      "false",
    );
  });
});
