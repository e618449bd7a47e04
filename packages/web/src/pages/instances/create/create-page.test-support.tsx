// The instance form's page rendered over a fake API for its tests (InstanceCreatePage*.test.tsx):
// the calls it made, the answers it gets, and the steps the tests share.
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router";
import type {
  AmsApplicationVersion,
  Cluster,
  ClusterOperation,
  GroupQuota,
  SessionInfo,
} from "@anbox-dashboard/contract";
import type { ClusterApplication, ClusterImage } from "../../../api/catalog.ts";
import { apiError, FakeApi, json, type FakeCall } from "../../../test-support/fake-api.ts";
import { renderPage as renderRoutes } from "../../../test-support/render-page.tsx";
import InstanceCreatePage from "../InstanceCreatePage.tsx";
import { makeSessionInfo } from "../../../test-support/session-info.ts";

export const gibibyte = 1024 ** 3;

export type Call = FakeCall;

export interface FakeServer {
  clusters: Cluster[];
  ext4: boolean;
  /** Clusters whose info says otherwise than `ext4`. */
  ext4Elsewhere?: string[];
  applications: ClusterApplication[];
  images: ClusterImage[];
  /** "cluster/name" of the instances that exist. */
  existing: string[];
  /** Names whose look-up never answers (until it is aborted). */
  hanging: string[];
  createAnswer: { status: number; body: unknown };
  /** The user's groups' limits and usage (`GET /api/quotas`). */
  quotas?: GroupQuota[];
}

export const operation: ClusterOperation = {
  id: "op-create",
  class: "task",
  description: "Creating instance",
  created_at: "2025-01-01T00:00:00Z",
  updated_at: "2025-01-01T00:00:00Z",
  status: "Running",
  status_code: 103,
  resources: { instances: ["/1.0/instances/i-new"] },
  metadata: null,
  may_cancel: false,
  err: "",
  server_address: "",
  clusterId: "default",
};

export function sessionInfo(ext4: boolean): SessionInfo {
  return makeSessionInfo({ ext4_root_volumes_support: ext4 });
}

export function application(overrides: Partial<ClusterApplication>): ClusterApplication {
  return {
    id: "app",
    name: "app",
    clusterId: "default",
    status: "ready",
    vm: false,
    instance_type: "",
    versions: [{ number: 0, published: true, status: "active" } as AmsApplicationVersion],
    ...overrides,
  } as ClusterApplication;
}

export function image(overrides: Partial<ClusterImage>): ClusterImage {
  return {
    id: "img",
    name: "image",
    clusterId: "default",
    type: "container",
    status: "active",
    default: false,
    ...overrides,
  } as ClusterImage;
}

export const defaults: FakeServer = {
  clusters: [{ id: "default" }],
  ext4: false,
  applications: [
    application({
      id: "app-game",
      name: "game",
      versions: [
        { number: 1, published: true, status: "active" } as AmsApplicationVersion,
        { number: 2, published: true, status: "active" } as AmsApplicationVersion,
        { number: 3, published: false, status: "active" } as AmsApplicationVersion,
      ],
    }),
    application({ id: "app-new", name: "not-ready", status: "initializing" }),
    application({ id: "app-gpu", name: "gpu-game", instance_type: "g4.3" }),
  ],
  images: [
    image({ id: "img-old", name: "jammy:android13:amd64" }),
    image({ id: "img-default", name: "jammy:android14:amd64", default: true }),
    image({ id: "img-vm", name: "jammy:android14:amd64", type: "vm", default: true }),
    image({ id: "img-lab", name: "lab-image", clusterId: "lab", default: true }),
  ],
  existing: [],
  hanging: [],
  createAnswer: { status: 202, body: { metadata: operation } },
};

/** Stubs the server the page talks to and renders the page; returns the calls it received. */
export function renderPage(overrides: Partial<FakeServer> = {}, entry = "/instances/new") {
  const server = { ...defaults, ...overrides };
  const api = new FakeApi()
    .on("GET", "/api/info", ({ url }) => {
      const clusterId = url.searchParams.get("clusterId") ?? "";
      const elsewhere = server.ext4Elsewhere?.includes(clusterId) ?? false;
      return sessionInfo(elsewhere ? !server.ext4 : server.ext4);
    })
    .on("GET", "/api/clusters", () => server.clusters)
    .on("GET", "/api/quotas", () => ({ metadata: server.quotas ?? [] }))
    .on("GET", "/api/applications", () => ({
      metadata: server.applications,
      total_size: server.applications.length,
    }))
    .on("GET", "/api/images", ({ url }) => {
      const type = url.searchParams.get("type");
      return { metadata: server.images.filter((item) => item.type === type) };
    })
    .on("POST", "/api/instances", () => json(server.createAnswer.body, server.createAnswer.status))
    .on("GET", /^\/api\/instances\/(.+)$/, ({ url, signal }, match) => {
      const name = decodeURIComponent(match?.[1] ?? "");
      if (server.hanging.includes(name)) {
        return new Promise<Response>((_resolve, reject) => {
          signal?.addEventListener("abort", () => {
            reject(new DOMException("The request was aborted", "AbortError"));
          });
        });
      }
      const key = `${url.searchParams.get("clusterId") ?? ""}/${name}`;
      return server.existing.includes(key)
        ? { metadata: { id: "i1", name } }
        : apiError(404, "Instance not found");
    });
  renderRoutes(entry, [
    { path: "/instances/new", element: <InstanceCreatePage /> },
    { path: "/instances/:clusterId/:instanceId", element: <WhereAmI /> },
    { path: "/instances", element: <WhereAmI /> },
  ]);
  return api.calls;
}

export function WhereAmI() {
  return <p>Now at {useLocation().pathname}</p>;
}

export const nameChecks = (calls: Call[]) =>
  calls.filter((call) => call.method === "GET" && call.url.pathname.startsWith("/api/instances/"));

export const createCall = (calls: Call[]) =>
  calls.find((call) => call.method === "POST" && call.url.pathname === "/api/instances");

export async function chooseImageSource() {
  await userEvent.click(await screen.findByRole("radio", { name: "An image" }));
  await screen.findByRole("option", { name: "jammy:android14:amd64 (default)" });
}
