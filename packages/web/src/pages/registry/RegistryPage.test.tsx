import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { MemoryRouter, useLocation } from "react-router";
import type {
  ClusterOperation,
  RegistryApplicationView,
  RegistryMode,
  SessionInfo,
} from "@anbox-dashboard/contract";
import { createQueryClient } from "../../context/query-client.ts";
import { queryKeys } from "../../context/query-keys.ts";
import { NotificationsProvider } from "../../context/notifications/NotificationsProvider.tsx";
import { stubMatchMedia } from "../../test-support/stub-match-media.ts";
import RegistryPage from "./RegistryPage.tsx";

function registryApplication(overrides: Partial<RegistryApplicationView>): RegistryApplicationView {
  return {
    id: "reg-1",
    name: "game",
    architectures: ["x86_64"],
    boot_package: "com.example.game",
    instance_type: "a4.3",
    tags: [],
    versions: {
      "0": { created_at: 1_700_000_000, manifest_version: "1", size: 1_000_000 },
      "1": { created_at: 1_700_100_000, manifest_version: "2", size: 2_500_000 },
    },
    vm: false,
    heldBy: ["default"],
    ...overrides,
  };
}

const applications = [
  registryApplication({ tags: ["kiosk", "demo"] }),
  registryApplication({
    id: "reg-2",
    name: "maps",
    vm: true,
    heldBy: [],
    versions: { "0": { created_at: 1_700_000_000, manifest_version: "1", size: 700_000 } },
  }),
];

const clusterApplications = [
  { id: "app-1", name: "game", published: true, clusterId: "default" },
  { id: "app-2", name: "notes", published: false, clusterId: "default" },
];

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

function json(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

interface Options {
  path?: string;
  mode?: RegistryMode;
  enabled?: boolean;
  /** The registry call itself fails with this status. */
  registryStatus?: number;
  registryEnabledInInfo?: boolean;
  refuse?: string;
  clusters?: string[];
}

function renderPage({
  path = "",
  mode = "manual",
  enabled = true,
  registryStatus = 200,
  registryEnabledInInfo = true,
  refuse = "",
  clusters = ["default", "second"],
}: Options = {}): { calls: Call[]; client: QueryClient } {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((url: URL, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      if (url.pathname === "/api/clusters") return json(clusters.map((id) => ({ id })));
      if (url.pathname === "/api/info") {
        const info: Partial<SessionInfo> = {
          registry_enabled: registryEnabledInInfo,
          registry_automatic: mode !== "manual",
        };
        return json(info);
      }
      if (method === "GET" && url.pathname === "/api/registry/applications") {
        if (registryStatus !== 200) {
          return json({ status: registryStatus, error: "x", message: "no registry" }, 400);
        }
        const clusterId = url.searchParams.get("clusterId") ?? "default";
        return json({ metadata: enabled ? applications : [], clusterId, enabled, mode });
      }
      if (method === "GET" && url.pathname === "/api/applications") {
        const cluster = url.searchParams.get("subclusters");
        const listed = clusterApplications.filter((item) => item.clusterId === cluster);
        return json({ metadata: listed, total_size: listed.length });
      }
      if (refuse !== "") return json({ status: 400, error: "Bad Request", message: refuse }, 400);
      const operation = { id: "op-1", clusterId: url.searchParams.get("clusterId") };
      return json({ metadata: { ...operation, status: "Running", status_code: 103 } }, 202);
    }),
  );
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/registry${path}`]}>
        <NotificationsProvider>
          <RegistryPage />
          <LocationProbe />
        </NotificationsProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { calls, client };
}

function LocationProbe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

/** What the events write into the status bar's operations list when an operation ends. */
function operationEnds(client: QueryClient, ended: Partial<ClusterOperation>) {
  client.setQueryData(queryKeys.operationsList({ orderBy: "created_at", order: "desc" }), [
    { id: "op-1", clusterId: "default", err: "", ...ended },
  ]);
}

async function rowOf(name: string): Promise<HTMLElement> {
  const table = await screen.findByRole("table", { name: "Registry applications" });
  const header = within(table).getByRole("rowheader", { name });
  const row = header.closest<HTMLElement>("[role=row]");
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

const registryCalls = (calls: Call[]) =>
  calls.filter(
    (call) => call.method === "GET" && call.url.pathname === "/api/registry/applications",
  );

beforeEach(stubMatchMedia);
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("RegistryPage", () => {
  it("lists each application with its versions, newest size, holders, tags and type", async () => {
    renderPage();
    const game = await rowOf("game");
    expect(within(game).getByText("2 versions, newest 1")).toBeInTheDocument();
    expect(within(game).getByText("2.5 MB")).toBeInTheDocument();
    expect(within(game).getByText("default")).toBeInTheDocument();
    expect(within(game).getByText("kiosk, demo")).toBeInTheDocument();
    expect(within(game).getByText("Container")).toBeInTheDocument();
    const maps = await rowOf("maps");
    expect(within(maps).getByText("1 version, newest 0")).toBeInTheDocument();
    expect(within(maps).getByText("No cluster")).toBeInTheDocument();
    expect(within(maps).getByText("VM")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Manual mode on default" })).toBeInTheDocument();
  });

  it("shows the registry of the cluster the picker names, from the URL", async () => {
    const { calls } = renderPage();
    await rowOf("game");
    await userEvent.selectOptions(await screen.findByLabelText("Registry of cluster"), "second");
    await waitFor(() => {
      expect(registryCalls(calls).at(-1)?.url.searchParams.get("clusterId")).toBe("second");
    });
    expect(screen.getByTestId("location").textContent).toBe("?cluster=second");
    expect(
      await screen.findByRole("heading", { name: "Manual mode on second" }),
    ).toBeInTheDocument();
  });

  it("turns push, pull and delete off in automatic mode, with the reason on the page", async () => {
    renderPage({ mode: "pull" });
    const game = await rowOf("game");
    expect(screen.getByText(/pulls applications from the registry by itself/)).toBeInTheDocument();
    const reason = screen.getByText(/off in automatic mode/);
    for (const button of [
      screen.getByRole("button", { name: "Push" }),
      within(game).getByRole("button", { name: "Pull game" }),
      within(game).getByRole("button", { name: "Delete game from the registry" }),
    ]) {
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute("aria-describedby", reason.id);
    }
  });

  it("says how to enable the registry when the cluster has none", async () => {
    renderPage({ enabled: false });
    expect(
      await screen.findByRole("heading", { name: "The registry is not enabled" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Configuration page" })).toHaveAttribute(
      "href",
      "/config/default",
    );
    // Said once: no Push button that could never work.
    expect(screen.queryByRole("button", { name: "Push" })).toBeNull();
  });

  it("says so too when the registry cannot be read and the session info has it off", async () => {
    renderPage({ registryStatus: 400, registryEnabledInInfo: false });
    expect(
      await screen.findByRole("heading", { name: "The registry is not enabled" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("pushes a cluster's application, then tells when the push has ended", async () => {
    const { calls, client } = renderPage();
    await rowOf("game");
    const push = screen.getByRole("button", { name: "Push" });
    await waitFor(() => {
      expect(push).toBeEnabled();
    });
    await userEvent.click(push);
    const dialog = await screen.findByRole("dialog", { name: /Push an application/ });
    const application = within(dialog).getByLabelText("Application");
    await waitFor(() => {
      expect(application).toBeEnabled();
    });
    expect(within(dialog).getByRole("option", { name: "notes (no published version)" }));
    await userEvent.selectOptions(application, "app-1");
    await userEvent.click(within(dialog).getByRole("button", { name: "Push" }));

    expect(await screen.findByText("Pushing game to the registry")).toBeInTheDocument();
    const sent = calls.find((call) => call.url.pathname === "/api/registry/applications/push");
    expect(sent?.method).toBe("POST");
    expect(sent?.url.searchParams.get("clusterId")).toBe("default");
    expect(sent?.body).toEqual({ id: "app-1" });
    expect(screen.queryByRole("dialog")).toBeNull();

    const readsBefore = registryCalls(calls).length;
    operationEnds(client, { status: "Success", status_code: 200 });
    expect(await screen.findByText("Pushed game to the registry")).toBeInTheDocument();
    await waitFor(() => {
      expect(registryCalls(calls).length).toBeGreaterThan(readsBefore);
    });
  });

  it("asks for an application before pushing", async () => {
    const { calls } = renderPage();
    await rowOf("game");
    await waitFor(() => {
      expect(screen.getByRole("button", { name: "Push" })).toBeEnabled();
    });
    await userEvent.click(screen.getByRole("button", { name: "Push" }));
    const dialog = await screen.findByRole("dialog", { name: /Push an application/ });
    await userEvent.click(within(dialog).getByRole("button", { name: "Push" }));
    const application = within(dialog).getByLabelText("Application");
    await waitFor(() => {
      expect(application).toHaveAccessibleDescription("Choose an application");
    });
    expect(application).toHaveFocus();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("pulls into the cluster chosen, marking the one that holds it, and tells a failure's reason", async () => {
    const { calls, client } = renderPage();
    const game = await rowOf("game");
    await userEvent.click(within(game).getByRole("button", { name: "Pull game" }));
    const dialog = await screen.findByRole("dialog", { name: "Pull game" });
    const target = within(dialog).getByLabelText("Into cluster");
    expect(target).toHaveValue("second");
    expect(
      within(dialog).getByRole("option", { name: "default (holds it already)" }),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Pull" }));

    expect(await screen.findByText("Pulling game into second")).toBeInTheDocument();
    const sent = calls.find((call) => call.url.pathname === "/api/registry/applications/pull");
    expect(sent?.url.searchParams.get("clusterId")).toBe("second");
    expect(sent?.body).toEqual({ id: "reg-1" });

    operationEnds(client, {
      clusterId: "second",
      status: "Failure",
      status_code: 400,
      err: "the package is not valid",
    });
    expect(await screen.findByText("Pull failed: game into second")).toBeInTheDocument();
    expect(screen.getByText("the package is not valid")).toBeInTheDocument();
  });

  it("deletes from the registry once confirmed; a refusal stays in the dialog", async () => {
    const { calls } = renderPage({ refuse: "Registry application game not found" });
    const game = await rowOf("game");
    const opener = within(game).getByRole("button", { name: "Delete game from the registry" });
    await userEvent.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Delete game from the registry" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(
      await within(dialog).findByText("Registry application game not found"),
    ).toBeInTheDocument();
    const sent = calls.find((call) => call.method === "DELETE");
    expect(sent?.url.pathname).toBe("/api/registry/applications/reg-1");
    expect(sent?.url.searchParams.get("clusterId")).toBe("default");

    await userEvent.keyboard("{Escape}");
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull();
    });
    expect(opener).toHaveFocus();
  });
});
