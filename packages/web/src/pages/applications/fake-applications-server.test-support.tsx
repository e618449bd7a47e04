import type { AmsApplicationVersion } from "@anbox-dashboard/contract";
import type { ClusterApplication } from "../../api/applications.ts";
import { apiError, FakeApi, json, type FakeCall } from "../../test-support/fake-api.ts";
import { renderPage } from "../../test-support/render-page.tsx";
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

export type Call = FakeCall;

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

/** Stubs `fetch` with the fake server (`FakeApi`); returns the calls it gets. */
export function stubApplicationsServer(server: FakeServer): Call[] {
  const api = new FakeApi()
    .on("GET", "/api/applications", () => ({
      metadata: server.applications,
      total_size: server.applications.length,
    }))
    .on("GET", "/api/clusters", () => {
      const health = server.clusterExtensions && {
        reachable: true,
        version: "1.14.0",
        api_extensions: server.clusterExtensions,
        checked_at: "2026-11-29T07:00:00Z",
      };
      return json([{ id: "default", health }]);
    })
    .on("GET", "/api/instances", ({ url }) => ({
      metadata: [],
      total_size: server.instancesByApp?.[url.searchParams.get("app_name") ?? ""] ?? 0,
    }))
    // The edit form's image list (it may show before the cluster's health says it cannot).
    .on("GET", "/api/images", () => ({ metadata: [], total_size: 0 }))
    .on("GET", /\/manifest$/, () => new Response("name: game\nimage: jammy:android15:amd64\n"))
    .on("GET", /^\/api\/applications\/([^/]+)/, (_call, match) => {
      const id = decodeURIComponent(match?.[1] ?? "");
      const found = server.applications.find((application) => application.id === id);
      return found ? { metadata: found } : apiError(404, `No application ${id}`);
    })
    .on("*", /^\/api\//, ({ method, url, body }) => {
      if (server.refuse !== undefined) return apiError(400, server.refuse);
      if (method === "DELETE" && url.pathname === "/api/applications") {
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
        return { metadata: { results } };
      }
      return json({ metadata: { id: "op-1", clusterId: "default", status: "Running" } }, 202);
    });
  return api.calls;
}

/** Renders the applications pages at `path`, with the router's routes of the real app. */
export function renderApplicationsAt(path: string) {
  renderPage(path, [
    { path: "/applications", element: <ApplicationsPage /> },
    { path: "/applications/edit/:clusterId/:id", element: <ApplicationEditPage /> },
    { path: "/applications/:clusterId/:id", element: <ApplicationDetailPage /> },
    { path: "/applications/:clusterId/:id/:tab", element: <ApplicationDetailPage /> },
  ]);
}
