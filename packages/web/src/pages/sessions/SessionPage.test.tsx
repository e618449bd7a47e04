import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import type { EffectivePermissions } from "@anbox-dashboard/contract";
import { FakeApi } from "../../test-support/fake-api.ts";
import { renderPage } from "../../test-support/render-page.tsx";
import SessionPage from "./SessionPage.tsx";

const session = {
  id: "s1",
  clusterId: "default",
  status: "active",
  app: "web",
  instance_name: "web-1",
  container_id: "i1",
};

function permissionsWith(
  permissions: EffectivePermissions["metadata"]["permissions"],
  viewingAs: EffectivePermissions["metadata"]["viewingAs"] = null,
): EffectivePermissions["metadata"] {
  return {
    groups: ["testers"],
    providerGroups: [],
    groupsFromProvider: [],
    viewingAs,
    permissions,
    grantsByGroup: [],
  };
}

/** The stream page; every join it would make is counted (none is expected here). */
function renderSessionPage(permissions: EffectivePermissions["metadata"]) {
  const joins: string[] = [];
  new FakeApi(({ method, url }) => {
    if (method === "POST") joins.push(url.pathname);
  })
    .on("GET", "/api/auth/permissions", () => ({ metadata: permissions }))
    .on("GET", "/api/sessions/s1", () => ({ metadata: session }));
  renderPage("/sessions/s1", [{ path: "/sessions/:sessionId", element: <SessionPage /> }]);
  return joins;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("SessionPage", () => {
  it("says who may not join the stream why, instead of a player bound to fail", async () => {
    const joins = renderSessionPage(
      permissionsWith([
        { entitlement: "can_view", resource: "cluster:default", grantedBy: { group: "testers" } },
      ]),
    );
    expect(await screen.findByText("The stream is not available")).toBeInTheDocument();
    expect(screen.getByText(/^You need can_stream on instance:default\/i1\./)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reconnect" })).toBeNull();
    expect(joins).toEqual([]);
  });

  it("plays nothing while the dashboard is viewed as someone who may stream", async () => {
    const joins = renderSessionPage(
      permissionsWith(
        [
          {
            entitlement: "can_stream",
            resource: "cluster:default",
            grantedBy: { group: "testers" },
          },
        ],
        { id: "u2", name: "Bob", email: "bob@example.com" },
      ),
    );
    expect(await screen.findByText("The stream is not available")).toBeInTheDocument();
    expect(
      screen.getByText(/^Bob may do this\. You are viewing the dashboard as them/),
    ).toBeInTheDocument();
    expect(joins).toEqual([]);
  });
});
