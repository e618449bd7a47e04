import type { QueryClient } from "@tanstack/react-query";
import type { ClusterInstance } from "../../../api/instances.ts";
import { apiError, FakeApi } from "../../../test-support/fake-api.ts";
import { renderPage } from "../../../test-support/render-page.tsx";
import InstanceDetailPage from "../InstanceDetailPage.tsx";

/** An instance as `GET /api/instances/{id}` answers it: a streamable Android app, running. */
export const runningInstance: ClusterInstance = {
  id: "d1b2c3",
  clusterId: "lab",
  name: "web-shop-1",
  type: "container",
  base: false,
  status: "running",
  status_code: 4,
  status_message: "Android booted",
  error_message: "",
  desired_status: "running",
  node: "lxd0",
  app_id: "app9",
  app_name: "web-shop",
  app_version: 3,
  image_id: "img1",
  image_name: "jammy:android14:amd64",
  image_version: 2,
  image_variant: "android",
  architecture: "x86_64",
  created_at: 1_767_225_600,
  address: "192.0.2.10",
  public_address: "203.0.113.5",
  services: [
    {
      name: "adb",
      port: 5555,
      port_end: 0,
      node_port: 10000,
      node_port_end: 0,
      protocols: ["tcp"],
      expose: true,
    },
  ],
  stored_logs: [],
  config: {
    platform: "webrtc",
    boot_package: "",
    boot_activity: "",
    metrics_server: "",
    disable_watchdog: false,
    devmode: false,
    enable_streaming: true,
    features: "",
    display: { width: 1280, height: 720, fps: 60, density: 160 },
    security: { delete_protected: false },
  },
  resources: {
    cpus: 4,
    memory: 3_000_000_000,
    "disk-size": 15_000_000_000,
    "gpu-slots": 1,
    "vpu-slots": 0,
  },
  tags: ["session=s-42", "team=shop"],
};

/** What the fake server holds; a test changes it, then invalidates, as an event would. */
export interface FakeServer {
  instance: ClusterInstance | undefined;
  /** `GET /api/instances/{id}` fails with this status (and message) when set. */
  instanceError?: { status: number; message: string };
  /** A start, stop or delete is refused with this status (and message) when set. */
  actionError?: { status: number; message: string };
  /**
   * Log name → text; the names are listed in the order given (not sorted). A null text is listed
   * but cannot be read (gone meanwhile).
   */
  logs: Record<string, string | null>;
  calls: { method: string; path: string; body: unknown }[];
}

/** Stubs `fetch` with the instance calls of the page (`FakeApi`), answered from `server`. */
export function stubInstanceServer(server: FakeServer): void {
  const refusal = (error: { status: number; message: string }) =>
    apiError(error.status, error.message);
  new FakeApi(({ method, url, body }) => {
    server.calls.push({ method, path: url.pathname, body });
  })
    .on("GET", /^\/api\/instances\/[^/]+\/logs$/, () => ({ metadata: Object.keys(server.logs) }))
    .on("GET", /^\/api\/instances\/[^/]+\/logs\/(.+)$/, (_call, match) => {
      const name = decodeURIComponent(match?.[1] ?? "");
      const text = server.logs[name];
      return typeof text === "string" ? new Response(text) : apiError(404, `No log ${name}`);
    })
    .on("GET", /^\/api\/instances\//, () => {
      if (server.instanceError) return refusal(server.instanceError);
      if (!server.instance) return apiError(404, "Instance not found");
      return { metadata: server.instance };
    })
    .on("*", /^\/api\/instances\//, () =>
      server.actionError
        ? refusal(server.actionError)
        : { metadata: { id: "op-1", resources: {}, status: "Running" } },
    );
}

/** The page at `path`, inside a router that also knows the pages it links to. */
export function renderInstancePage(path: string, queryClient?: QueryClient) {
  return renderPage(
    path,
    [
      { path: "/instances", element: <p>The instances list</p> },
      { path: "/instances/:clusterId/:instanceId", element: <InstanceDetailPage /> },
      { path: "/instances/:clusterId/:instanceId/:tab", element: <InstanceDetailPage /> },
      { path: "/sessions/:sessionId", element: <p>A session</p> },
    ],
    { queryClient },
  );
}
