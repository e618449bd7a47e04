import { describe, expect, it } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import type { SessionInfo } from "../../api/session-info.ts";
import { Navigation } from "./Navigation.tsx";
import { makeSessionInfo } from "../../test-support/session-info.ts";
import { QueryClientProvider } from "@tanstack/react-query";
import type { Permission } from "@anbox-dashboard/contract";
import { createQueryClient } from "../../context/query-client.ts";
import { queryKeys } from "../../context/query-keys.ts";

const info = makeSessionInfo({
  user: { fullname: "Ada Lovelace", email: "ada@example.com" },
  registry_enabled: true,
  dashboard_version: "1.2.3",
  ams_version: "1.23.0",
});

const admin: Permission[] = [{ entitlement: "admin", resource: "server" }];

function renderNavigation(
  at: string,
  flags: Partial<SessionInfo> = {},
  permissions: Permission[] = admin,
) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.myPermissions(), {
    groups: [],
    permissions: permissions.map((permission) => ({ ...permission, grantedBy: { group: "g" } })),
    grantsByGroup: [],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[at]}>
        <Navigation info={{ ...info, ...flags }} tourOpen={false} onToggleTour={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole("navigation", { name: "Main navigation" });
}

function linkNames(nav: HTMLElement): string[] {
  return within(nav)
    .getAllByRole("link")
    .map((link) => link.textContent);
}

describe("Navigation", () => {
  it("shows every item when everything is enabled, then the bottom links and the user", () => {
    const nav = renderNavigation("/instances");
    expect(linkNames(nav)).toEqual([
      "Anbox Cloud",
      "Instances",
      "Applications",
      "Images",
      "Nodes",
      "Registry",
      "Configuration",
      "Operations",
      "Permissions",
      "Audit",
      "Documentation",
      "Discussion",
      "Report a bug",
      "Ada Lovelace",
      "Log out",
    ]);
    expect(within(nav).getByRole("link", { name: "Ada Lovelace" })).toHaveAttribute(
      "href",
      "/profile",
    );
    expect(within(nav).getByRole("link", { name: "Log out" })).toHaveAttribute("href", "/logout");
    expect(within(nav).getByRole("button", { name: "Get started" })).toBeInTheDocument();
  });

  it("draws each item's icon inline, in the text's colour, hidden from screen readers", () => {
    const nav = renderNavigation("/instances");
    for (const link of within(nav).getAllByRole("link").slice(1)) {
      const icon = link.querySelector("svg.p-side-navigation__icon");
      expect(icon, link.textContent).toHaveAttribute("aria-hidden", "true");
      expect(icon?.querySelector("path")).toHaveAttribute("fill", "currentColor");
    }
  });

  it("names the rail's pin button by what it does", async () => {
    const user = userEvent.setup();
    renderNavigation("/instances");
    const pin = screen.getByRole("button", { name: "Pin menu" });
    const pinIcon = pin.innerHTML;
    await user.click(pin);
    // Still the pin, not an × that reads as "close".
    expect(screen.getByRole("button", { name: "Unpin menu" }).innerHTML).toBe(pinIcon);
  });

  it("hides the areas the user's permissions show nothing in", () => {
    const streamer = renderNavigation("/instances", {}, [
      { entitlement: "can_stream", resource: "instance:lab/c1" },
    ]);
    expect(linkNames(streamer).slice(1, 3)).toEqual(["Instances", "Operations"]);
    cleanup();
    const operator = renderNavigation("/instances", {}, [
      { entitlement: "can_view", resource: "cluster:lab" },
      { entitlement: "can_view_config", resource: "cluster:lab" },
    ]);
    expect(linkNames(operator).slice(1, 7)).toEqual([
      "Instances",
      "Applications",
      "Images",
      "Nodes",
      "Configuration",
      "Operations",
    ]);
    cleanup();
    // Reading the audit trail opens the Audit page, not the permissions pages.
    const auditor = renderNavigation("/audit", {}, [
      { entitlement: "can_view_audit", resource: "server" },
    ]);
    expect(linkNames(auditor).slice(1, 3)).toEqual(["Audit", "Documentation"]);
    cleanup();
    const nobody = renderNavigation("/profile", {}, []);
    expect(linkNames(nobody).slice(1, 2)).toEqual(["Documentation"]);
  });

  it("hides what the cluster does not offer: apps, registry, configuration", () => {
    const nav = renderNavigation("/images", {
      applications_enabled: false,
      registry_enabled: false,
      config_enabled: false,
    });
    const names = linkNames(nav);
    for (const hidden of ["Instances", "Applications", "Nodes", "Registry", "Configuration"]) {
      expect(names).not.toContain(hidden);
    }
    expect(names).toContain("Images");
    expect(names).toContain("Operations");
  });

  it("highlights the current page's item, and Instances on a session page", () => {
    let nav = renderNavigation("/applications/c1/app1/versions");
    expect(within(nav).getByRole("link", { name: "Applications" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    cleanup();
    nav = renderNavigation("/sessions/s1");
    expect(within(nav).getByRole("link", { name: "Instances" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(within(nav).getByRole("link", { name: "Images" })).not.toHaveAttribute("aria-current");
  });

  it("opens the small screens' drawer with the focus in it; Escape gives it back to 'Menu'", async () => {
    const user = userEvent.setup();
    const nav = renderNavigation("/instances");
    const menu = screen.getByRole("button", { name: "Menu" });
    await user.click(menu);
    expect(menu).toHaveAttribute("aria-expanded", "true");
    expect(nav).not.toHaveClass("is-collapsed");
    expect(nav).toContainElement(document.activeElement as HTMLElement);

    // Tab stays in the drawer: from its last link back to its first.
    within(nav).getByRole("link", { name: "Log out" }).focus();
    await user.tab();
    expect(nav).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard("{Escape}");
    expect(menu).toHaveAttribute("aria-expanded", "false");
    expect(nav).toHaveClass("is-collapsed");
    expect(menu).toHaveFocus();
  });

  it("gives the focus back to 'Menu' when the drawer's close button closes it", async () => {
    const user = userEvent.setup();
    renderNavigation("/instances");
    const menu = screen.getByRole("button", { name: "Menu" });
    await user.click(menu);
    await user.click(screen.getByRole("button", { name: "Close menu" }));
    expect(menu).toHaveAttribute("aria-expanded", "false");
    expect(menu).toHaveFocus();
  });

  it("closes the drawer when one of its links is followed", async () => {
    const user = userEvent.setup();
    const nav = renderNavigation("/instances");
    await user.click(screen.getByRole("button", { name: "Menu" }));
    await user.click(within(nav).getByRole("link", { name: "Images" }));
    expect(nav).toHaveClass("is-collapsed");
    expect(within(nav).getByRole("link", { name: "Images" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });
});
