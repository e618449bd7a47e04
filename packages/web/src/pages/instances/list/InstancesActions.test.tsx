import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubMatchMedia } from "../../../test-support/stub-match-media.ts";
import { makeInstance, renderInstancesPage } from "./render-instances-page.test-support.tsx";

beforeEach(stubMatchMedia);
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("InstancesPage actions", () => {
  it("disables an action that does not apply, saying why", async () => {
    renderInstancesPage({
      instances: [makeInstance({ id: "i1", name: "web-1", status: "running" })],
    });
    const start = await screen.findByRole("button", { name: "Start web-1" });
    expect(start).toHaveAttribute("aria-disabled", "true");
    expect(start).toHaveAttribute("title", "Not available for 'running' instances.");
    expect(start).toHaveAccessibleDescription("Not available for 'running' instances.");
    expect(screen.getByRole("button", { name: "Stop web-1" })).toHaveAttribute(
      "aria-disabled",
      "false",
    );
  });

  it("disables what the user may not do, naming the entitlement and the groups that grant it", async () => {
    renderInstancesPage({
      instances: [makeInstance({ id: "i1", name: "web-1", status: "running" })],
      permissions: {
        groups: ["testers"],
        providerGroups: [],
        groupsFromProvider: [],
        viewingAs: null,
        permissions: [
          { entitlement: "can_view", resource: "cluster:default", grantedBy: { group: "testers" } },
          { entitlement: "can_edit", resource: "cluster:default", grantedBy: { group: "testers" } },
        ],
        grantsByGroup: [
          {
            group: "testers",
            permissions: [{ entitlement: "can_view", resource: "cluster:default" }],
          },
          {
            group: "leads",
            permissions: [{ entitlement: "can_delete", resource: "cluster:default" }],
          },
        ],
      },
    });
    const remove = await screen.findByRole("button", { name: "Delete web-1" });
    expect(remove).toHaveAttribute("aria-disabled", "true");
    expect(remove).toHaveAccessibleDescription(
      "You need can_delete on instance:default/i1. The group leads grants it: ask an administrator to add you.",
    );
    expect(screen.getByRole("button", { name: "Stop web-1" })).toHaveAttribute(
      "aria-disabled",
      "false",
    );
    // Creating is theirs on no cluster either: the page's button says so.
    expect(screen.getByRole("button", { name: "Create instance" })).toHaveAccessibleDescription(
      "You need can_create_instances on a cluster. No group grants it yet: ask an administrator.",
    );
  });

  it("while an admin views as someone, what they may do is disabled too, saying they may", async () => {
    renderInstancesPage({
      instances: [makeInstance({ id: "i1", name: "web-1", status: "running" })],
      permissions: {
        groups: ["testers"],
        providerGroups: [],
        groupsFromProvider: [],
        viewingAs: { id: "u-bob", name: "Bob", email: "bob@example.com" },
        permissions: [
          { entitlement: "can_view", resource: "cluster:default", grantedBy: { group: "testers" } },
          { entitlement: "can_edit", resource: "cluster:default", grantedBy: { group: "testers" } },
        ],
        grantsByGroup: [],
      },
    });
    const stop = await screen.findByRole("button", { name: "Stop web-1" });
    expect(stop).toHaveAttribute("aria-disabled", "true");
    expect(stop).toHaveAccessibleDescription(
      "Bob may do this. You are viewing the dashboard as them: it is read-only.",
    );
    expect(screen.getByRole("button", { name: "Delete web-1" })).toHaveAccessibleDescription(
      "You need can_delete on instance:default/i1. No group grants it yet: ask an administrator.",
    );
  });

  it("keeps the focus on the row's button pressed from the keyboard, which then waits", async () => {
    const web1 = makeInstance({ id: "i1", name: "web-1", status: "running" });
    // The cluster has stopped it once the stop was sent: the next list read says so.
    let sent: readonly unknown[] = [];
    Object.defineProperty(web1, "status", {
      enumerable: true,
      get: () => (sent.length > 0 ? "stopped" : "running"),
    });
    const { writes } = renderInstancesPage({ instances: [web1] });
    sent = writes;
    const stop = await screen.findByRole("button", { name: "Stop web-1" });
    stop.focus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => {
      expect(stop).toHaveAttribute("title", "Not available for 'stopped' instances.");
    });
    expect(stop).toHaveAttribute("aria-disabled", "true");
    expect(stop).toHaveFocus();
    // Pressed again, now that it does not apply, it sends nothing.
    await userEvent.keyboard("{Enter}");
    expect(writes).toHaveLength(1);
  });

  it("stops one instance from its row", async () => {
    const { writes } = renderInstancesPage({
      instances: [makeInstance({ id: "i1", name: "web-1", status: "running" })],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Stop web-1" }));
    await waitFor(() => {
      expect(writes).toEqual([
        { method: "PATCH", path: "/api/instances/i1", body: { desired_status: "stopped" } },
      ]);
    });
    expect(await screen.findByText("Stopping web-1")).toBeInTheDocument();
  });

  it("asks before deleting, and asks to force for an active instance", async () => {
    const { writes } = renderInstancesPage({
      instances: [makeInstance({ id: "i1", name: "web-1", status: "running" })],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Delete web-1" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete web-1?" });
    const confirm = within(dialog).getByRole("button", { name: "Delete" });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute("title", "Tick 'Force delete' to delete an active instance.");

    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Force delete" }));
    await userEvent.click(confirm);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => {
      expect(writes).toEqual([
        { method: "DELETE", path: "/api/instances/i1", body: { force: true } },
      ]);
    });
  });

  it("starts the selected instances it applies to, and reports the others as left out", async () => {
    const { writes } = renderInstancesPage({
      instances: [
        makeInstance({ id: "i1", name: "web-1", status: "stopped" }),
        makeInstance({ id: "i2", name: "web-2", status: "error" }),
        makeInstance({ id: "i3", name: "web-3", status: "running" }),
      ],
    });
    await screen.findByRole("table", { name: "Instances" });
    const bulk = screen.getByRole("group", { name: "Bulk actions" });
    expect(within(bulk).getByRole("button", { name: "Start" })).toHaveAttribute(
      "title",
      "Select instances first.",
    );

    await userEvent.click(screen.getByRole("checkbox", { name: "Select web-1" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Select web-2" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Select web-3" }));
    expect(
      screen.getByRole("checkbox", { name: "Select all instances on this page" }),
    ).toBeChecked();
    expect(within(bulk).getByText("3 selected")).toBeInTheDocument();

    await userEvent.click(within(bulk).getByRole("button", { name: "Start" }));
    const dialog = await screen.findByRole("dialog", { name: "Start 2 instances?" });
    expect(dialog).toHaveTextContent("web-3: Not available for 'running' instances.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Start 2 instances" }));

    await waitFor(() => {
      expect(writes).toEqual([
        {
          method: "PATCH",
          path: "/api/instance_bulk",
          body: {
            desired_status: "running",
            instances: [
              { id: "i1", clusterId: "default" },
              { id: "i2", clusterId: "default" },
            ],
          },
        },
      ]);
    });
    expect(await screen.findByText("Started 2 instances")).toBeInTheDocument();
    expect(
      screen.getByText("1 left out: web-3: Not available for 'running' instances."),
    ).toBeInTheDocument();
    // The selection is done with.
    expect(screen.getByRole("checkbox", { name: "Select web-1" })).not.toBeChecked();
    expect(within(bulk).getByText("None selected")).toBeInTheDocument();
  });

  it("deletes in bulk with force when asked, selecting the whole page at once", async () => {
    const { writes } = renderInstancesPage({
      instances: [
        makeInstance({ id: "i1", name: "web-1", status: "running" }),
        makeInstance({ id: "i2", name: "web-2", status: "stopped" }),
      ],
    });
    await userEvent.click(
      await screen.findByRole("checkbox", { name: "Select all instances on this page" }),
    );
    expect(screen.getByRole("checkbox", { name: "Select web-2" })).toBeChecked();
    await userEvent.click(
      within(screen.getByRole("group", { name: "Bulk actions" })).getByRole("button", {
        name: "Delete",
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Delete 2 instances?" });
    expect(dialog).toHaveTextContent("1 of them is active");
    await userEvent.click(within(dialog).getByRole("checkbox", { name: /Force delete/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete 2 instances" }));
    await waitFor(() => {
      expect(writes[0]?.body).toEqual({
        desired_status: "deleted",
        instances: [
          { id: "i1", clusterId: "default" },
          { id: "i2", clusterId: "default" },
        ],
        force: true,
      });
    });
    expect(await screen.findByText("Deleted 2 instances")).toBeInTheDocument();
  });
});
