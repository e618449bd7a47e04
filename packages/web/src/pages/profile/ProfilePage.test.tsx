import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import type { GroupQuota } from "@anbox-dashboard/contract";
import type { Profile } from "../../api/profile.ts";
import { createQueryClient } from "../../context/query-client.ts";
import ProfilePage from "./ProfilePage.tsx";

const profile: Profile = {
  fullname: "Ada Lovelace",
  email: "ada@example.com",
  identityProvider: { issuer: "http://127.0.0.1:8080/oidc", external: false },
  sessions: [
    {
      id: "s-this",
      createdAt: "2026-11-20T09:00:00.000Z",
      lastSeenAt: "2026-11-22T10:00:00.000Z",
      address: "127.0.0.1",
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140",
      current: true,
    },
    {
      id: "s-other",
      createdAt: "2026-11-18T09:00:00.000Z",
      lastSeenAt: "2026-11-19T10:00:00.000Z",
      address: "192.0.2.4",
      userAgent: "Mozilla/5.0 (iPhone) Safari/605",
      current: false,
    },
  ],
};

const permissions = {
  groups: ["testers"],
  permissions: [
    { entitlement: "can_view", resource: "cluster:lab", grantedBy: { group: "testers" } },
    { entitlement: "can_delete", resource: "instance:lab/c1", grantedBy: { owner: true } },
    {
      entitlement: "can_stream",
      resource: "cluster:lab",
      grantedBy: { group: "qa", fromProvider: true },
    },
  ],
  grantsByGroup: [],
  providerGroups: ["qa-team"],
  groupsFromProvider: ["qa"],
};

const quotas: GroupQuota[] = [
  {
    group: "qa",
    fromProvider: true,
    lines: [
      { key: "running_instances", value: 2, cluster: null, used: 2 },
      { key: "memory", value: 8e9, cluster: "lab", used: 3e9 },
    ],
    totals: {
      instances: 3,
      running_instances: 2,
      concurrent_streams: 0,
      cpus: 6,
      memory: 9e9,
      gpu_slots: 0,
      disk: 9e9,
    },
  },
];

/**
 * Stubs `GET /api/quotas`, `GET /api/profile`, `GET /api/auth/permissions` and `DELETE /api/profile/sessions` (which
 * ends the other sessions).
 */
function renderProfilePage(deleteStatus = 200, answeredPermissions: unknown = permissions) {
  let current = profile;
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: URL, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      calls.push(`${method} ${input.pathname}`);
      if (method === "DELETE") {
        if (deleteStatus >= 400) {
          const body = { status: deleteStatus, error: "Error", message: "Database unavailable" };
          return Promise.resolve(new Response(JSON.stringify(body), { status: deleteStatus }));
        }
        current = { ...profile, sessions: profile.sessions.filter((session) => session.current) };
        return Promise.resolve(
          new Response(JSON.stringify({ ended: 1 }), { status: deleteStatus }),
        );
      }
      const body =
        input.pathname === "/api/auth/permissions"
          ? { metadata: answeredPermissions }
          : input.pathname === "/api/quotas"
            ? { metadata: quotas }
            : current;
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={["/profile"]}>
        <ProfilePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ProfilePage", () => {
  it("shows the account and the embedded identity provider", async () => {
    renderProfilePage();
    expect(await screen.findByText("Ada Lovelace")).toBeInTheDocument();
    expect(screen.getByText("ada@example.com")).toBeInTheDocument();
    expect(screen.getByText("This dashboard (embedded)")).toBeInTheDocument();
  });

  it("says whose groups they are while an admin views the dashboard as someone", async () => {
    renderProfilePage(200, {
      ...permissions,
      viewingAs: { id: "u-bob", name: "Bob", email: "bob@example.com" },
    });
    expect(
      await screen.findByText(
        "Viewing as Bob: their groups are testers, and below is what they may do.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Your groups/)).toBeNull();
  });

  it("shows the groups and what the user may do, each with what grants it", async () => {
    renderProfilePage();
    expect(await screen.findByText("Your groups: testers.")).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Groups and permissions" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      "can_viewcluster:labGroup testers",
      "can_deleteinstance:lab/c1You made it (owner)",
      "can_streamcluster:labGroup qa (from your identity provider)",
    ]);
    expect(
      screen.getByText(
        "Your identity provider names you in qa-team: for this sign-in, that puts you in qa.",
      ),
    ).toBeInTheDocument();
  });

  it("lists the sessions, marking this one", async () => {
    renderProfilePage();
    const table = await screen.findByRole("table", { name: "Active sessions" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("This session");
    expect(rows[0]).toHaveTextContent("127.0.0.1");
    expect(rows[0]).toHaveTextContent("Chrome/140");
    expect(rows[1]).not.toHaveTextContent("This session");
    expect(rows[1]).toHaveTextContent("192.0.2.4");
    expect(within(table).getAllByRole("time")[0]).toHaveAttribute(
      "dateTime",
      "2026-11-20T09:00:00.000Z",
    );
  });

  it("signs out the other sessions and shows the list again", async () => {
    const user = userEvent.setup();
    const calls = renderProfilePage();
    await screen.findByRole("table", { name: "Active sessions" });
    await user.click(screen.getByRole("button", { name: "Sign out other sessions" }));
    expect(
      await screen.findByText("Your other sessions have been signed out."),
    ).toBeInTheDocument();
    expect(calls).toContain("DELETE /api/profile/sessions");
    const table = screen.getByRole("table", { name: "Active sessions" });
    await vi.waitFor(() => {
      expect(within(table).getAllByRole("row")).toHaveLength(2);
    });
    expect(screen.getByRole("button", { name: "Sign out other sessions" })).toBeDisabled();
  });

  it("shows the limits of the user's groups with their usage, a reached one marked", async () => {
    renderProfilePage();
    const table = await screen.findByRole("table", {
      name: "Group qa (from your identity provider)",
    });
    const rows = within(table).getAllByRole("row");
    expect(rows[1]).toHaveTextContent("running instancesover all clusters2 of 2Reached");
    expect(rows[2]).toHaveTextContent("memoryon cluster lab3 GB of 8 GB");
    expect(rows[2]).not.toHaveTextContent("Reached");
    expect(screen.getByText(/who use now: 3 instances \(2 running\), 6 CPU cores/)).toBeVisible();
  });

  it("says so when the other sessions could not be signed out", async () => {
    const user = userEvent.setup();
    renderProfilePage(500);
    await screen.findByRole("table", { name: "Active sessions" });
    await user.click(screen.getByRole("button", { name: "Sign out other sessions" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Database unavailable");
  });

  it("names an external identity provider by its issuer", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn((input: URL) =>
        Promise.resolve(
          new Response(
            JSON.stringify(
              input.pathname === "/api/profile"
                ? {
                    ...profile,
                    identityProvider: { issuer: "https://login.example.com", external: true },
                  }
                : { metadata: input.pathname === "/api/quotas" ? [] : permissions },
            ),
          ),
        ),
      ),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ProfilePage />
      </QueryClientProvider>,
    );
    expect(await screen.findByText("https://login.example.com")).toBeInTheDocument();
  });
});
