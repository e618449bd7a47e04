import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AuditEntry, EffectivePermissions } from "@anbox-dashboard/contract";
import { FakeApi } from "../../test-support/fake-api.ts";
import { adminPermissions } from "../../test-support/permissions.ts";
import { renderPage } from "../../test-support/render-page.tsx";
import AuditPage from "./AuditPage.tsx";

const refusal: AuditEntry = {
  id: "e1",
  at: new Date(Date.now() - 60_000).toISOString(),
  identity_id: "u2",
  actor: "tess@example.com",
  groups: ["testers", "qa (from the identity provider)"],
  action: "DELETE /api/instances/:id",
  resource: "instance:default/i1",
  cluster: "default",
  outcome: "refused",
  address: "10.0.0.7",
  user_agent: "Firefox",
  request_id: "9d5c1a3e-0000-4000-8000-000000000001",
  detail: "403 · You may not do this: needs can_delete on instance:default/i1.",
};

const testerPermissions: EffectivePermissions["metadata"] = {
  ...adminPermissions,
  groups: ["testers"],
  permissions: [
    { entitlement: "can_view", resource: "cluster:default", grantedBy: { group: "testers" } },
  ],
  grantsByGroup: [],
};

function renderAudit(path: string, permissions = adminPermissions) {
  const api = new FakeApi()
    .on("GET", "/api/auth/permissions", () => ({ metadata: permissions }))
    .on("GET", "/api/clusters", () => [{ id: "default" }])
    .on("GET", "/api/audit", () => ({ metadata: [refusal], total_size: 1 }));
  renderPage(path, [{ path: "/audit", element: <AuditPage /> }]);
  return () => api.calls.filter((call) => call.url.pathname === "/api/audit").map((c) => c.url);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AuditPage", () => {
  it("asks the server for the URL's filters and exports what it shows", async () => {
    const auditCalls = renderAudit(
      "/audit?filter.outcome=refused&filter.identity=tess%40example.com&filter.from=2026-12-01T09:30&filter.search=can_delete",
    );
    const table = await screen.findByRole("table", { name: "Audit trail" });
    expect(within(table).getByText("tess@example.com")).toBeInTheDocument();
    expect(within(table).getByText("Refused")).toBeInTheDocument();
    const sent = auditCalls().at(-1);
    expect(sent?.searchParams.get("outcome")).toBe("refused");
    expect(sent?.searchParams.get("identity")).toBe("tess@example.com");
    expect(sent?.searchParams.get("q")).toBe("can_delete");
    // The field's time is this browser's: sent as the instant it names.
    expect(sent?.searchParams.get("from")).toBe(new Date("2026-12-01T09:30").toISOString());
    const csv = screen.getByRole("link", { name: "Export CSV" });
    const exported = new URL(csv.getAttribute("href") ?? "", "http://dashboard.test");
    expect(exported.pathname).toBe("/api/audit/export");
    expect(exported.searchParams.get("format")).toBe("csv");
    expect(exported.searchParams.get("outcome")).toBe("refused");
    expect(exported.searchParams.get("page")).toBeNull();
  });

  it("opens an entry whole in a side panel, and Escape gives the focus back", async () => {
    renderAudit("/audit");
    const details = await screen.findByRole("button", {
      name: "Details of DELETE /api/instances/:id by tess@example.com",
    });
    await userEvent.click(details);
    const panel = screen.getByRole("complementary", { name: "Audit entry" });
    expect(within(panel).getByText("testers, qa (from the identity provider)")).toBeInTheDocument();
    expect(within(panel).getByText(refusal.request_id)).toBeInTheDocument();
    expect(within(panel).getByRole("link", { name: "its history" })).toHaveAttribute(
      "href",
      "/audit?filter.resource=instance%3Adefault%2Fi1",
    );
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("complementary", { name: "Audit entry" })).toBeNull();
    expect(details).toHaveFocus();
    // Its resource's history: the panel closes over the list it filters.
    await userEvent.click(details);
    await userEvent.click(screen.getByRole("link", { name: "its history" }));
    expect(screen.queryByRole("complementary", { name: "Audit entry" })).toBeNull();
  });

  it("tells who may not read it what it needs, and asks the server nothing", async () => {
    const auditCalls = renderAudit("/audit", testerPermissions);
    expect(await screen.findByText("You may not read the audit trail")).toBeInTheDocument();
    expect(screen.getByText(/^You need can_view_audit on server\./)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Export CSV" })).toBeNull();
    expect(auditCalls()).toEqual([]);
  });
});
