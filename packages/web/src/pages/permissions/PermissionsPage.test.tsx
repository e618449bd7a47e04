import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { EffectivePermissions, GroupDetail } from "@anbox-dashboard/contract";
import { entitlementCatalogue } from "@anbox-dashboard/contract";
import { FakeApi } from "../../test-support/fake-api.ts";
import { renderPage } from "../../test-support/render-page.tsx";
import { givePermissions } from "../../test-support/permissions.ts";
import { makeSessionInfo } from "../../test-support/session-info.ts";
import { createQueryClient } from "../../context/query-client.ts";
import PermissionsPage from "./PermissionsPage.tsx";
import { reloadAt } from "../../util/reload-at.ts";

vi.mock("../../util/reload-at.ts", () => ({ reloadAt: vi.fn() }));

// The groups tab as a group's lead sees it: they may edit "testers" and hold can_view on the lab
// cluster, nothing else. What they may not do is disabled with what it needs; what they change is
// staged until Save, which sends the group's permissions as a whole.

const lead: EffectivePermissions["metadata"] = {
  groups: ["leads"],
  providerGroups: [],
  groupsFromProvider: [],
  viewingAs: null,
  permissions: [
    { entitlement: "can_edit", resource: "group:testers", grantedBy: { group: "leads" } },
    { entitlement: "can_view", resource: "cluster:lab", grantedBy: { group: "leads" } },
  ],
  grantsByGroup: [{ group: "admin", permissions: [{ entitlement: "admin", resource: "server" }] }],
};

const testers: GroupDetail = {
  name: "testers",
  description: "Stream the lab",
  permissions: [{ entitlement: "can_stream", resource: "cluster:lab" }],
  identities: [],
  limits: [],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderGroupsTab() {
  const api = new FakeApi()
    .on("GET", "/api/clusters", () => [{ id: "lab" }])
    .on("GET", "/api/auth/groups", () => ({
      metadata: [{ name: "testers", description: "Stream the lab", identities: 0, permissions: 1 }],
    }))
    .on("GET", "/api/auth/groups/testers", () => ({ metadata: testers }))
    .on("PUT", "/api/auth/groups/testers", () => ({ metadata: testers }))
    .on("GET", "/api/auth/entitlements", () => ({ metadata: entitlementCatalogue }))
    .on("GET", "/api/auth/identities", () => ({ metadata: [] }));
  renderPage("/permissions/groups", [{ path: "/permissions/:tab", element: <PermissionsPage /> }], {
    queryClient: givePermissions(createQueryClient(), lead),
  });
  return api;
}

describe("the groups tab", () => {
  it("disables what the user may not do, naming what it needs and who grants it", async () => {
    renderGroupsTab();
    const remove = await screen.findByRole("button", { name: "Delete testers" });
    expect(remove).toHaveAttribute("aria-disabled", "true");
    expect(remove).toHaveAccessibleDescription(
      "You need can_delete on group:testers. Only the admin group grants it: ask an administrator to grant it to you.",
    );
    expect(screen.getByRole("button", { name: "Create group" })).toHaveAccessibleDescription(
      "You need can_create_groups on server. Only the admin group grants it: ask an administrator to grant it to you.",
    );
    expect(screen.getByRole("button", { name: "Edit testers" })).not.toHaveAttribute(
      "aria-disabled",
      "true",
    );
  });

  it("stages what is added until Save, which sends the permissions as a whole; what the editor lacks stays", async () => {
    const api = renderGroupsTab();
    await userEvent.click(await screen.findByRole("button", { name: "Edit testers" }));
    const editor = await screen.findByRole("complementary", { name: "Group testers" });
    // They do not hold can_stream: they may not take it away.
    const removeStream = await within(editor).findByRole("button", {
      name: "Remove can_stream on cluster:lab",
    });
    expect(removeStream).toBeDisabled();
    expect(removeStream).toHaveAccessibleDescription(
      /^You may give or take away only what you hold yourself\./,
    );
    expect(within(editor).getByRole("button", { name: "Save" })).toBeDisabled();

    await userEvent.selectOptions(within(editor).getByLabelText("Entitlement"), "can_view");
    await userEvent.click(within(editor).getByRole("button", { name: "Add" }));
    expect(within(editor).getByText("Not saved")).toBeInTheDocument();
    // One they do not hold cannot be added.
    await userEvent.selectOptions(within(editor).getByLabelText("Entitlement"), "can_delete");
    expect(within(editor).getByRole("button", { name: "Add" })).toBeDisabled();

    await userEvent.click(within(editor).getByRole("button", { name: "Save" }));
    await waitFor(() => {
      expect(api.calls.find((call) => call.method === "PUT")?.body).toEqual({
        description: "Stream the lab",
        permissions: [
          { entitlement: "can_stream", resource: "cluster:lab" },
          { entitlement: "can_view", resource: "cluster:lab" },
        ],
      });
    });
  });
});

describe("the identities tab, as an admin", () => {
  const identities = [
    {
      id: "u-ada",
      name: "Ada",
      email: "ada@example.com",
      authentication_method: "oidc",
      groups: ["admin"],
      groups_from_provider: [],
    },
    {
      id: "u-bob",
      name: "Bob",
      email: "bob@example.com",
      authentication_method: "oidc",
      groups: [],
      groups_from_provider: ["testers"],
    },
  ];

  it("shows groups from the provider, and views the dashboard as someone else, not as oneself", async () => {
    const api = new FakeApi()
      .on("GET", "/api/info", () => makeSessionInfo())
      .on("GET", "/api/auth/identities", () => ({ metadata: identities }))
      .on("PUT", "/api/profile/view-as", () => new Response(null, { status: 204 }));
    renderPage(
      "/permissions/identities",
      [{ path: "/permissions/:tab", element: <PermissionsPage /> }],
      { queryClient: givePermissions(createQueryClient()) },
    );
    expect(await screen.findByText("From the identity provider: testers")).toBeInTheDocument();
    const asMe = await screen.findByRole("button", { name: "View as Ada" });
    expect(asMe).toHaveAttribute("aria-disabled", "true");
    expect(asMe).toHaveAccessibleDescription(
      "This is you: pick someone else to see the dashboard as they would.",
    );
    await userEvent.click(screen.getByRole("button", { name: "View as Bob" }));
    await waitFor(() => {
      expect(reloadAt).toHaveBeenCalledWith("/");
    });
    expect(api.calls.find((call) => call.method === "PUT")?.body).toEqual({ identity: "u-bob" });
  });
});

describe("the provider groups tab, as an admin", () => {
  it("says which claim names the groups, lists the mappings and maps a new one", async () => {
    const api = new FakeApi()
      .on("GET", "/api/auth/identity-provider-groups", () => ({
        metadata: [{ name: "qa-team", groups: ["testers"] }],
        groups_claim: "groups",
      }))
      .on("GET", "/api/auth/groups", () => ({
        metadata: [
          { name: "admin", description: "", identities: 1, permissions: 1 },
          { name: "testers", description: "Stream the lab", identities: 0, permissions: 1 },
        ],
      }))
      .on("PUT", "/api/auth/identity-provider-groups/ops", () => ({
        metadata: { name: "ops", groups: ["admin"] },
      }));
    renderPage(
      "/permissions/provider-groups",
      [{ path: "/permissions/:tab", element: <PermissionsPage /> }],
      { queryClient: givePermissions(createQueryClient()) },
    );
    const table = await screen.findByRole("table", { name: "Provider groups" });
    expect(screen.getByRole("tab", { name: "Provider groups" })).toBeInTheDocument();
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("qa-teamtesters");
    expect(screen.getByText("groups", { selector: "code" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Map a provider group" }));
    const panel = screen.getByRole("complementary", { name: "Map a provider group" });
    const save = await within(panel).findByRole("button", { name: "Save" });
    expect(save).toBeDisabled();
    await userEvent.type(within(panel).getByLabelText("Provider group"), "ops");
    await userEvent.click(within(panel).getByText("admin"));
    await userEvent.click(save);
    await waitFor(() => {
      expect(api.calls.find((call) => call.method === "PUT")?.body).toEqual({ groups: ["admin"] });
    });
  });

  it("is not offered to someone who is not an admin", async () => {
    new FakeApi().on("GET", "/api/auth/groups", () => ({ metadata: [] }));
    renderPage(
      "/permissions/provider-groups",
      [{ path: "/permissions/:tab", element: <PermissionsPage /> }],
      { queryClient: givePermissions(createQueryClient(), lead) },
    );
    expect(screen.queryByRole("tab", { name: "Provider groups" })).toBeNull();
    expect(
      await screen.findByText(/^You need admin on server\. Only the admin group grants it/),
    ).toBeInTheDocument();
  });
});
