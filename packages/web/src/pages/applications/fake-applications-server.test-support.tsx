import { vi } from "vitest";
import { render } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import type { AmsApplicationVersion } from "@anbox-dashboard/contract";
import type { ClusterApplication } from "../../api/applications.ts";
import { NotificationsProvider } from "../../context/notifications/NotificationsProvider.tsx";
import { createQueryClient } from "../../context/query-client.ts";
import ApplicationEditPage from "./ApplicationEditPage.tsx";
import ApplicationDetailPage from "./ApplicationDetailPage.tsx";
import ApplicationsPage from "./ApplicationsPage.tsx";

// A fake `/api` for the applications pages' component tests: it records every call and answers
// from the applications it is given.

export function makeVersion(
  overrides: Partial<AmsApplicationVersion> & Pick<AmsApplicationVersion, "number">,
): AmsApplicationVersion {
  return {
    manifest_version: `1.${String(overrides.number)}`,
    parent_image_id: "img-15",
    parent_image_version: 0,
    status: "active",
    status_code: 3,
    published: true,
    created_at: 1_700_000_000 + overrides.number * 86_400,
    size: 5_242_880 + overrides.number,
    boot_activity: "",
    required_permissions: [],
    addons: [],
    extra_data: {},
    error_message: "",
    video_encoder: "gpu-preferred",
    watchdog: { disabled: false, "allowed-packages": [] },
    services: [],
    features: [],
    hooks: { timeout: "" },
    bootstrap: { keep: [] },
    ...overrides,
  };
}

export function makeApplication(
  overrides: Partial<ClusterApplication> & Pick<ClusterApplication, "id">,
): ClusterApplication {
  return {
    name: `app-${overrides.id}`,
    status: "ready",
    status_code: 2,
    instance_type: "",
    boot_package: "com.example.game",
    parent_image_id: "img-15",
    parent_image_name: "jammy:android15:amd64",
    parent_image_variant: "android",
    published: true,
    immutable: false,
    inhibit_auto_updates: false,
    tags: [],
    node_selector: [],
    addons: [],
    abi: "x86_64",
    vm: false,
    created_at: 1_700_000_000,
    resources: { cpus: 2, memory: "3GB", "disk-size": "3GB" },
    versions: [makeVersion({ number: 0 })],
    clusterId: "default",
    ...overrides,
  };
}

export interface Call {
  method: string;
  url: URL;
  body: unknown;
}

function json(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

interface FakeServer {
  applications: ClusterApplication[];
  /** The cluster's refusal of any write, if it refuses. */
  refuse?: string;
  /** Per-application results of a bulk delete: the ids to refuse, with the reason. */
  bulkRefusals?: Record<string, string>;
  /** How many instances each application (by name) has; none when absent. */
  instancesByApp?: Record<string, number>;
  /** The `api_extensions` the cluster `default` reports (its health), when told. */
  clusterExtensions?: string[];
}

/** Stubs `fetch` with the fake server; returns the calls it gets. */
export function stubApplicationsServer(server: FakeServer): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((url: URL, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const path = url.pathname;
      if (method === "GET" && path === "/api/applications") {
        return json({ metadata: server.applications, total_size: server.applications.length });
      }
      if (method === "GET" && path === "/api/clusters") {
        const health = server.clusterExtensions && {
          reachable: true,
          version: "1.14.0",
          api_extensions: server.clusterExtensions,
          checked_at: "2026-11-29T07:00:00Z",
        };
        return json([{ id: "default", health }]);
      }
      if (method === "GET" && path === "/api/instances") {
        const appName = url.searchParams.get("app_name") ?? "";
        return json({ metadata: [], total_size: server.instancesByApp?.[appName] ?? 0 });
      }
      // The edit form's image list (it may show before the cluster's health says it cannot).
      if (method === "GET" && path === "/api/images") {
        return json({ metadata: [], total_size: 0 });
      }
      if (method === "GET" && path.endsWith("/manifest")) {
        return Promise.resolve(new Response("name: game\nimage: jammy:android15:amd64\n"));
      }
      if (method === "GET" && path.startsWith("/api/applications/")) {
        const id = decodeURIComponent(path.split("/")[3] ?? "");
        const found = server.applications.find((application) => application.id === id);
        return found
          ? json({ metadata: found })
          : json({ status: 404, error: "Not Found", message: `No application ${id}` }, 404);
      }
      if (server.refuse !== undefined) {
        return json({ status: 400, error: "Bad Request", message: server.refuse }, 400);
      }
      if (method === "DELETE" && path === "/api/applications") {
        const { applications } = body as { applications: { id: string; clusterId: string }[] };
        const results = applications.map(({ id, clusterId }) => {
          const reason = server.bulkRefusals?.[id];
          return {
            id,
            clusterId,
            name: `app-${id}`,
            success: reason === undefined,
            error: reason ?? "",
          };
        });
        return json({ metadata: { results } });
      }
      return json({ metadata: { id: "op-1", clusterId: "default", status: "Running" } }, 202);
    }),
  );
  return calls;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders the applications pages at `path`, with the router's routes of the real app. */
export function renderApplicationsAt(path: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <NotificationsProvider>
          <Routes>
            <Route path="/applications" element={<ApplicationsPage />} />
            <Route path="/applications/edit/:clusterId/:id" element={<ApplicationEditPage />} />
            <Route path="/applications/:clusterId/:id" element={<ApplicationDetailPage />} />
            <Route path="/applications/:clusterId/:id/:tab" element={<ApplicationDetailPage />} />
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </NotificationsProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
