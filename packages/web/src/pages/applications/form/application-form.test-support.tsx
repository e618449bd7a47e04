import { vi } from "vitest";
import type { AmsCapacity } from "@anbox-dashboard/contract";
import type { ClusterApplication, ClusterImage } from "../../../api/catalog.ts";
import { FakeApi, json } from "../../../test-support/fake-api.ts";
import { renderPage } from "../../../test-support/render-page.tsx";
import ApplicationAddPage from "../ApplicationAddPage.tsx";
import ApplicationEditPage from "../ApplicationEditPage.tsx";
import { makeSessionInfo } from "../../../test-support/session-info.ts";

// The fake dashboard API of the application form's tests: clusters, images, the capacity
// check, one application with its manifest, and the writes it was sent.

const sessionInfo = makeSessionInfo();

const images = [
  {
    id: "c1",
    name: "android14",
    clusterId: "default",
    type: "container",
    default: true,
    status: "active",
  },
  {
    id: "c2",
    name: "android13",
    clusterId: "default",
    type: "container",
    default: false,
    status: "active",
  },
  {
    id: "v1",
    name: "android14-vm",
    clusterId: "default",
    type: "vm",
    default: true,
    status: "active",
  },
] as ClusterImage[];

export const existingApplication = {
  id: "app1",
  name: "com.example.game",
  clusterId: "default",
  vm: false,
  inhibit_auto_updates: false,
  versions: [],
} as unknown as ClusterApplication;

export const existingManifest =
  "name: com.example.game\ninstance-type: a4.3\nboot-package: com.example.game\ntags:\n  - beta\n";

const mostFree = { cpus: 4, memory: 5e9, disk_size: 100e9, gpu_slots: 0, vpu_slots: 0 };

/** Up to `cores` CPU cores fit, as a cluster would say. */
export function upTo(cores: number) {
  return (size: URLSearchParams): AmsCapacity =>
    Number(size.get("cpus")) <= cores
      ? { fits: true, node: "lxd0", reason: "", schedulable_nodes: 1, most_free: mostFree }
      : {
          fits: false,
          node: "",
          reason: `No node with enough resources: needs ${size.get("cpus") ?? ""} CPUs`,
          schedulable_nodes: 1,
          most_free: mostFree,
        };
}

/** Renders the form at `path` (`/applications/add` or the edit page) over the fake API. */
export function renderApplicationForm(
  path: string,
  capacity: (size: URLSearchParams) => AmsCapacity = upTo(8),
  /** The `api_extensions` cluster `default` reports, when its health is to be known. */
  clusterExtensions?: string[],
) {
  const api = new FakeApi()
    .on("GET", "/api/info", () => sessionInfo)
    .on("GET", "/api/clusters", () => [
      clusterExtensions === undefined
        ? { id: "default" }
        : {
            id: "default",
            health: {
              reachable: true,
              version: "1.14.0",
              api_extensions: clusterExtensions,
              checked_at: "2026-11-29T07:00:00Z",
            },
          },
    ])
    .on("GET", "/api/images", ({ url }) => ({
      metadata: images.filter((image) => image.type === url.searchParams.get("type")),
    }))
    .on("GET", "/api/instance-capacity", ({ url }) => ({
      metadata: { ...capacity(url.searchParams), known: true, clusterId: "default" },
    }))
    .on("PATCH", "/api/applications/app1", () =>
      json({ metadata: { id: "op1", clusterId: "default" } }, 202),
    )
    .on("GET", "/api/applications/app1", () => ({ metadata: existingApplication }))
    .on("GET", "/api/applications/app1/manifest", () => new Response(existingManifest))
    // The add form's name check: this name is taken.
    .on("GET", "/api/applications/com.example.taken", () => ({
      metadata: { ...existingApplication, name: "com.example.taken" },
    }));
  // Where a form moves on to: the address shows only once the router has left the form.
  renderPage(
    path,
    [
      { path: "/applications/add", element: <ApplicationAddPage /> },
      { path: "/applications/edit/:clusterId/:id", element: <ApplicationEditPage /> },
    ],
    { probe: "elsewhere" },
  );
  return { requests: api.calls };
}

/** An upload the form sent through XMLHttpRequest: where, and its fields in order. */
export interface SeenUpload {
  url: string;
  fields: [string, FormDataEntryValue][];
}

/**
 * Stubs XMLHttpRequest: each upload is recorded, and answered with `answer` (status and body)
 * after one progress event, or held until aborted when `answer` is "hold".
 */
export function stubUploads(answer: { status: number; body: unknown } | "hold") {
  const uploads: SeenUpload[] = [];
  class FakeUpload extends EventTarget {}
  class FakeXhr extends EventTarget {
    upload = new FakeUpload();
    status = 0;
    statusText = "";
    responseText = "";
    private url = "";
    open(_method: string, url: URL) {
      this.url = url.toString();
    }
    headers = new Map<string, string>();
    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }
    abort() {
      this.dispatchEvent(new Event("abort"));
    }
    send(form: FormData) {
      uploads.push({ url: this.url, fields: [...form.entries()] });
      const progress = Object.assign(new Event("progress"), {
        lengthComputable: true,
        loaded: 50,
        total: 100,
      });
      this.upload.dispatchEvent(progress);
      if (answer === "hold") return;
      queueMicrotask(() => {
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.dispatchEvent(new Event("load"));
      });
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return uploads;
}
