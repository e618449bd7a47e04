import type { EffectivePermissions } from "@anbox-dashboard/contract";
import { adminPermissions } from "../../../test-support/permissions.ts";
import { screen } from "@testing-library/react";
import type { ClusterInstanceBulkResult } from "@anbox-dashboard/contract";
import type { ClusterInstance } from "../../../api/instances.ts";
import InstancesPage from "../InstancesPage.tsx";
import { makeOperation } from "../../../test-support/cluster-operation.ts";
import { apiError, FakeApi, json } from "../../../test-support/fake-api.ts";
import { renderPage } from "../../../test-support/render-page.tsx";

/** An instance as the server lists it, with what a test does not care about filled in. */
export function makeInstance(
  overrides: Partial<ClusterInstance> & Pick<ClusterInstance, "id">,
): ClusterInstance {
  return {
    name: `name-${overrides.id}`,
    type: "container",
    base: false,
    status: "running",
    status_code: 4,
    status_message: "",
    error_message: "",
    desired_status: "running",
    node: "lxd0",
    app_id: "app-1",
    app_name: "game",
    app_version: 0,
    image_id: "",
    image_name: "",
    image_version: 0,
    image_variant: "",
    architecture: "x86_64",
    created_at: 1_700_000_000,
    address: "",
    public_address: "",
    services: [],
    stored_logs: [],
    config: {
      platform: "webrtc",
      boot_package: "",
      boot_activity: "",
      metrics_server: "",
      disable_watchdog: false,
      devmode: false,
      enable_streaming: false,
      features: "",
      display: { width: 1280, height: 720, fps: 60, density: 240 },
      security: { delete_protected: false },
    },
    resources: {
      cpus: 2,
      memory: 3_000_000_000,
      "disk-size": 3_000_000_000,
      "gpu-slots": 0,
      "vpu-slots": 0,
    },
    tags: [],
    clusterId: "default",
    ...overrides,
  };
}

const operation = makeOperation({
  description: "Updating instance",
  created_at: "2024-01-01T00:00:00Z",
  updated_at: "2024-01-01T00:00:00Z",
});

/** A write the page sent: method, path and JSON body. */
export interface SentWrite {
  method: string;
  path: string;
  body: unknown;
}

interface Options {
  instances?: ClusterInstance[];
  /** Defaults to the number of instances. */
  total?: number;
  path?: string;
  /** The list call fails with this status and message. */
  listError?: { status: number; message: string };
  /** How long the list call takes to answer these params (none: at once). */
  listDelayMs?: (params: URLSearchParams) => number;
  /** What `GET /api/auth/permissions` answers: an admin's unless told. */
  permissions?: EffectivePermissions["metadata"];
}

/**
 * The instances page on the shared fake API: the list answers `instances`; a bulk call succeeds
 * for every instance sent; single writes answer an operation. Returns the list requests (and
 * those the page cancelled) and the writes the page made, and the URL's query.
 */
export function renderInstancesPage(options: Options = {}) {
  const instances = options.instances ?? [];
  const listCalls: URLSearchParams[] = [];
  const abortedListCalls: URLSearchParams[] = [];
  const writes: SentWrite[] = [];
  const listed = () => ({ metadata: instances, total_size: options.total ?? instances.length });
  // Every call but the list's, the clusters' and the permissions' is a write the test may look at.
  new FakeApi(({ method, url, body }) => {
    const read =
      method === "GET" &&
      ["/api/clusters", "/api/instances", "/api/auth/permissions"].includes(url.pathname);
    if (!read) writes.push({ method, path: url.pathname, body });
  })
    .on("GET", "/api/clusters", () => [{ id: "default" }])
    .on("GET", "/api/auth/permissions", () => ({
      metadata: options.permissions ?? adminPermissions,
    }))
    .on("GET", "/api/instances", ({ url, signal }) => {
      listCalls.push(url.searchParams);
      const delayMs = options.listDelayMs?.(url.searchParams) ?? 0;
      if (delayMs > 0) {
        return new Promise<Response>((resolve, reject) => {
          const timer = setTimeout(() => {
            resolve(json(listed()));
          }, delayMs);
          signal?.addEventListener("abort", () => {
            clearTimeout(timer);
            abortedListCalls.push(url.searchParams);
            reject(new DOMException("The request was aborted", "AbortError"));
          });
        });
      }
      if (options.listError) return apiError(options.listError.status, options.listError.message);
      return listed();
    })
    .on("*", "/api/instance_bulk", ({ body }) => {
      const sent = (body as { instances: { id: string; clusterId: string }[] }).instances;
      const results: ClusterInstanceBulkResult[] = sent.map((ref) => ({
        id: ref.id,
        clusterId: ref.clusterId,
        name: instances.find((instance) => instance.id === ref.id)?.name ?? ref.id,
        success: true,
        error: "",
      }));
      return { metadata: { results } };
    })
    .on("*", /^\/api\/instances\/./, () => ({ metadata: operation }));
  renderPage(options.path ?? "/instances", [{ path: "/instances", element: <InstancesPage /> }]);
  return {
    listCalls,
    abortedListCalls,
    writes,
    lastListCall: () => listCalls.at(-1),
    url: () =>
      new URL(screen.getByTestId("location").textContent, "http://dashboard.test").searchParams,
  };
}
