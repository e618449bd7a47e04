import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import type {
  AmsApplicationVersion,
  Cluster,
  ClusterOperation,
  SessionInfo,
} from "@anbox-dashboard/contract";
import type { ClusterApplication, ClusterImage } from "../../../api/catalog.ts";
import { createQueryClient } from "../../../context/query-client.ts";
import { notifyOperationFailure } from "../../../context/events/operation-failure-handlers.ts";
import { NotificationsProvider } from "../../../context/notifications/NotificationsProvider.tsx";
import { stubMatchMedia } from "../../../test-support/stub-match-media.ts";
import InstanceCreatePage from "../InstanceCreatePage.tsx";

const gibibyte = 1024 ** 3;

interface Call {
  method: string;
  url: URL;
  body: unknown;
  signal: AbortSignal | undefined;
  headers: Headers;
}

interface FakeServer {
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
}

const operation: ClusterOperation = {
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

function sessionInfo(ext4: boolean): SessionInfo {
  return {
    user: { fullname: "Ada", email: "ada@example.com" },
    applications_enabled: true,
    sessions_enabled: true,
    registry_enabled: false,
    registry_automatic: false,
    config_enabled: true,
    dashboard_version: "1",
    ams_version: "1",
    has_version_update_modal: false,
    ext4_root_volumes_support: ext4,
  };
}

function application(overrides: Partial<ClusterApplication>): ClusterApplication {
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

function image(overrides: Partial<ClusterImage>): ClusterImage {
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

const defaults: FakeServer = {
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

function json(body: unknown, status = 200): Promise<Response> {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

/** Stubs the server the page talks to and renders the page; returns the calls it received. */
function renderPage(overrides: Partial<FakeServer> = {}, entry = "/instances/new") {
  const server = { ...defaults, ...overrides };
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((url: URL, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      const signal = init?.signal ?? undefined;
      calls.push({ method, url, body, signal, headers: new Headers(init?.headers) });
      const path = url.pathname;
      if (path === "/api/info") {
        const clusterId = url.searchParams.get("clusterId") ?? "";
        const elsewhere = server.ext4Elsewhere?.includes(clusterId) ?? false;
        return json(sessionInfo(elsewhere ? !server.ext4 : server.ext4));
      }
      if (path === "/api/clusters") return json(server.clusters);
      if (path === "/api/applications") {
        return json({ metadata: server.applications, total_size: server.applications.length });
      }
      if (path === "/api/images") {
        const type = url.searchParams.get("type");
        return json({ metadata: server.images.filter((item) => item.type === type) });
      }
      if (method === "POST" && path === "/api/instances") {
        return json(server.createAnswer.body, server.createAnswer.status);
      }
      if (method === "GET" && path.startsWith("/api/instances/")) {
        const name = decodeURIComponent(path.slice("/api/instances/".length));
        if (server.hanging.includes(name)) {
          return new Promise<Response>((_resolve, reject) => {
            signal?.addEventListener("abort", () => {
              reject(new DOMException("The request was aborted", "AbortError"));
            });
          });
        }
        const key = `${url.searchParams.get("clusterId") ?? ""}/${name}`;
        return server.existing.includes(key)
          ? json({ metadata: { id: "i1", name } })
          : json({ status: 404, error: "Not Found", message: "Instance not found" }, 404);
      }
      return json({ status: 404, error: "Not Found", message: `No ${path}` }, 404);
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[entry]}>
        <NotificationsProvider>
          <Routes>
            <Route path="/instances/new" element={<InstanceCreatePage />} />
            <Route path="/instances/:clusterId/:instanceId" element={<WhereAmI />} />
            <Route path="/instances" element={<WhereAmI />} />
          </Routes>
        </NotificationsProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

function WhereAmI() {
  return <p>Now at {useLocation().pathname}</p>;
}

const nameChecks = (calls: Call[]) =>
  calls.filter((call) => call.method === "GET" && call.url.pathname.startsWith("/api/instances/"));

const createCall = (calls: Call[]) =>
  calls.find((call) => call.method === "POST" && call.url.pathname === "/api/instances");

async function chooseImageSource() {
  await userEvent.click(await screen.findByRole("radio", { name: "An image" }));
  await screen.findByRole("option", { name: "jammy:android14:amd64 (default)" });
}

beforeEach(stubMatchMedia);
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("InstanceCreatePage", () => {
  it("shows the form under its title, the only cluster as text, every field labelled", async () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Create instance" })).toBeInTheDocument();
    expect(await screen.findByLabelText("Name")).toHaveValue("");
    expect(screen.queryByLabelText("Cluster")).not.toBeInTheDocument();
    expect(screen.getByText("default")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Container" })).toBeChecked();
    // The cluster has an application to start: it is the source offered first.
    expect(
      await screen.findByRole("radio", { name: "An application", checked: true }),
    ).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Instance type" })).toBeInTheDocument();
    expect(screen.getByLabelText("Resource type")).toHaveValue("a2.3");
    expect(screen.getByLabelText("Resource type")).toHaveAccessibleDescription(
      "2 CPU cores, 3 GB memory, 0 GPU slots, disk 3.2 GB",
    );
    expect(screen.getByRole("checkbox", { name: "Enable streaming" })).not.toBeChecked();
    expect(screen.getByLabelText("Resolution")).toHaveValue("1280x720");
    expect(screen.getByLabelText("Density (dpi)")).toHaveValue("240");
    expect(screen.getByLabelText("Frame rate (frames per second)")).toHaveValue("60");
    expect(screen.getByRole("checkbox", { name: "Delete protection" })).not.toBeChecked();
    expect(screen.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/instances");
  });

  it("starts from the default image when the cluster has no application to start", async () => {
    renderPage({ applications: [] });
    expect(
      await screen.findByRole("option", {
        name: "jammy:android14:amd64 (default)",
        selected: true,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "An image" })).toBeChecked();
  });

  it("opens with the image an image's page linked to, though an application could start", async () => {
    renderPage(
      { clusters: [{ id: "default" }, { id: "lab" }] },
      "/instances/new?clusterId=lab&type=container&image=img-lab",
    );
    expect(
      await screen.findByRole("option", { name: "lab-image (default)", selected: true }),
    ).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "An image" })).toBeChecked();
    expect(screen.getByLabelText("Cluster")).toHaveValue("lab");
  });

  it("lists the ready applications, and the chosen one's published versions, newest chosen", async () => {
    renderPage();
    const select = await screen.findByLabelText("Application");
    await within(select).findByRole("option", { name: "game" });
    expect(within(select).queryByRole("option", { name: /not-ready/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Version")).toBeDisabled();
    await userEvent.selectOptions(select, "app-game");
    const version = screen.getByLabelText("Version");
    expect(version).toHaveValue("2");
    // Version 3 is not published: an instance cannot start it.
    expect(
      within(version)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Version 2 (newest)", "Version 1"]);
  });

  it("sends the version chosen, and the newest again once another application is chosen", async () => {
    const calls = renderPage();
    const select = await screen.findByLabelText("Application");
    await within(select).findByRole("option", { name: "game" });
    await userEvent.selectOptions(select, "app-game");
    await userEvent.selectOptions(screen.getByLabelText("Version"), "1");
    await userEvent.selectOptions(select, "app-gpu");
    expect(screen.getByLabelText("Version")).toHaveValue("0");
    await userEvent.selectOptions(select, "app-game");
    expect(screen.getByLabelText("Version")).toHaveValue("2");
    await userEvent.selectOptions(screen.getByLabelText("Version"), "1");
    await userEvent.click(screen.getByRole("button", { name: "Create and start" }));
    await screen.findByText("Now at /instances/default/i-new");
    expect(createCall(calls)?.body).toMatchObject({ app_id: "app-game", app_version: 1 });
  });

  it("opens with the application and version a link names", async () => {
    renderPage({}, "/instances/new?clusterId=default&application=app-game&version=1");
    const version = await screen.findByLabelText("Version");
    await waitFor(() => {
      expect(version).toHaveValue("1");
    });
    expect(screen.getByLabelText("Application")).toHaveValue("app-game");
  });

  it("offers a select of clusters when there are several, the first chosen", async () => {
    const calls = renderPage({ clusters: [{ id: "default" }, { id: "lab" }] });
    const cluster = await screen.findByLabelText("Cluster");
    expect(cluster).toHaveValue("default");
    await chooseImageSource();
    expect(screen.getByLabelText("Image")).toHaveValue("img-default");

    // Another cluster: its own images, and the name is checked again there.
    await userEvent.type(screen.getByLabelText("Name"), "demo");
    await screen.findByText("The name is free");
    await userEvent.selectOptions(cluster, "lab");
    expect(screen.getByLabelText("Image")).toHaveValue("img-lab");
    await waitFor(() => {
      expect(nameChecks(calls).at(-1)?.url.searchParams.get("clusterId")).toBe("lab");
    });
  });

  it("gives a container the default disk of the chosen cluster (ext4 root volumes or not)", async () => {
    renderPage({ clusters: [{ id: "default" }, { id: "lab" }], ext4Elsewhere: ["lab"] });
    const resourceType = await screen.findByLabelText("Resource type");
    await waitFor(() => {
      expect(resourceType).toHaveAccessibleDescription(expect.stringContaining("disk 3.2 GB"));
    });
    await userEvent.selectOptions(await screen.findByLabelText("Cluster"), "lab");
    await waitFor(() => {
      expect(resourceType).toHaveAccessibleDescription(expect.stringContaining("disk 4.3 GB"));
    });
  });

  describe("the name", () => {
    it("shows the rules' messages as it is typed, tied to the field", async () => {
      renderPage();
      const name = await screen.findByLabelText("Name");
      await userEvent.type(name, "9lives");
      expect(name).toHaveAccessibleDescription(
        expect.stringContaining("Instance name must start with a letter") as string,
      );
      expect(name).toHaveAttribute("aria-invalid", "true");
      await userEvent.clear(name);
      await userEvent.type(name, "a_b");
      expect(
        screen.getByText("Only alphanumeric and hyphen characters are allowed"),
      ).toBeInTheDocument();
      await userEvent.clear(name);
      await userEvent.type(name, `a${"b".repeat(63)}`);
      expect(
        screen.getByText("Instance name must be between 1 and 63 characters"),
      ).toBeInTheDocument();
    });

    it("is free when the cluster answers 404", async () => {
      const calls = renderPage();
      await userEvent.type(await screen.findByLabelText("Name"), "demo");
      expect(await screen.findByText("The name is free")).toBeInTheDocument();
      expect(screen.getByLabelText("Name")).toHaveAttribute("aria-invalid", "false");
      // Looked up once typing paused, not at each keystroke.
      expect(nameChecks(calls).map((call) => call.url.pathname)).toEqual(["/api/instances/demo"]);
      expect(nameChecks(calls)[0]?.url.searchParams.get("clusterId")).toBe("default");
    });

    it("is taken when the cluster has an instance of that name", async () => {
      renderPage({ existing: ["default/demo"] });
      const name = await screen.findByLabelText("Name");
      await userEvent.type(name, "demo");
      expect(
        await screen.findByText("An instance with this name already exists"),
      ).toBeInTheDocument();
      expect(name).toHaveAttribute("aria-invalid", "true");
    });

    it("cancels a pending check when the name changes", async () => {
      const calls = renderPage({ hanging: ["slow"] });
      const name = await screen.findByLabelText("Name");
      await userEvent.type(name, "slow");
      await waitFor(() => {
        expect(nameChecks(calls)).toHaveLength(1);
      });
      const first = nameChecks(calls)[0];
      expect(first?.signal?.aborted).toBe(false);
      await userEvent.type(name, "-2");
      expect(first?.signal?.aborted).toBe(true);
      expect(await screen.findByText("The name is free")).toBeInTheDocument();
      expect(nameChecks(calls).map((call) => call.url.pathname)).toEqual([
        "/api/instances/slow",
        "/api/instances/slow-2",
      ]);
    });

    it("keeps a taken name from being sent", async () => {
      const calls = renderPage({ existing: ["default/demo"] });
      await chooseImageSource();
      await userEvent.type(screen.getByLabelText("Name"), "demo");
      await screen.findByText("An instance with this name already exists");
      await userEvent.click(screen.getByRole("button", { name: "Create" }));
      expect(screen.getByLabelText("Name")).toHaveFocus();
      expect(createCall(calls)).toBeUndefined();
    });
  });

  it("Create sends the AMS request with no_start, then shows the new instance", async () => {
    const calls = renderPage();
    await chooseImageSource();
    await userEvent.type(screen.getByLabelText("Name"), "demo");
    await screen.findByText("The name is free");
    await userEvent.selectOptions(screen.getByLabelText("Resource type"), "g4.3");
    expect(screen.getByLabelText("Resource type")).toHaveAccessibleDescription(
      "4 CPU cores, 3 GB memory, 1 GPU slot, disk 3.2 GB",
    );
    await userEvent.click(screen.getByRole("checkbox", { name: "Enable streaming" }));
    await userEvent.selectOptions(screen.getByLabelText("Resolution"), "1024x768");
    await userEvent.selectOptions(screen.getByLabelText("Density (dpi)"), "160");
    await userEvent.selectOptions(screen.getByLabelText("Frame rate (frames per second)"), "30");
    await userEvent.click(screen.getByRole("checkbox", { name: "Delete protection" }));
    await userEvent.click(screen.getByRole("button", { name: "Create" }));

    expect(await screen.findByText("Now at /instances/default/i-new")).toBeInTheDocument();
    const post = createCall(calls);
    expect(post?.url.searchParams.get("clusterId")).toBe("default");
    expect(post?.body).toEqual({
      name: "demo",
      type: "container",
      image_id: "img-default",
      resources: {
        cpus: 4,
        "gpu-slots": 1,
        "vpu-slots": 0,
        disk_size: 3 * gibibyte,
        memory: 3_000_000_000,
      },
      config: {
        enable_streaming: true,
        display: { width: 1024, height: 768, fps: 30, density: 160 },
        security: { delete_protected: true },
      },
      no_start: true,
    });
    expect(await screen.findByText("Instance demo created")).toBeInTheDocument();

    // The operation fails later: its error is told in a toast.
    act(() => {
      notifyOperationFailure("op-create", "No node has room for 4 CPU cores");
    });
    expect(await screen.findByText("Creating instance demo failed")).toBeInTheDocument();
    expect(screen.getByText("No node has room for 4 CPU cores")).toBeInTheDocument();
  });

  it("sends one create for a double click, with its idempotency key", async () => {
    const calls = renderPage();
    await chooseImageSource();
    await userEvent.dblClick(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("Now at /instances/default/i-new")).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === "POST");
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers.get("idempotency-key")).toMatch(/^[0-9a-f]{32}$/);
  });

  it("Create and start sends an application and leaves no_start out", async () => {
    const calls = renderPage({ ext4: true });
    const select = await screen.findByLabelText("Application");
    await within(select).findByRole("option", { name: "game" });
    await userEvent.selectOptions(select, "app-game");
    await userEvent.click(screen.getByRole("button", { name: "Create and start" }));

    await screen.findByText("Now at /instances/default/i-new");
    const body = createCall(calls)?.body;
    expect(body).toMatchObject({
      type: "container",
      app_id: "app-game",
      app_version: 2,
      // ext4 root volumes: containers get 4 GiB.
      resources: { cpus: 2, disk_size: 4 * gibibyte },
      config: { enable_streaming: false, display: { width: 1280, height: 720 } },
    });
    expect(body).not.toHaveProperty("no_start");
    expect(body).not.toHaveProperty("name");
    expect(body).not.toHaveProperty("image_id");
  });

  it("starts from the size the application asks for", async () => {
    const calls = renderPage();
    const select = await screen.findByLabelText("Application");
    await within(select).findByRole("option", { name: "gpu-game" });
    await userEvent.selectOptions(select, "app-gpu");
    expect(screen.getByLabelText("Resource type")).toHaveValue("g4.3");
    expect(screen.getByLabelText("Resource type")).toHaveAccessibleDescription(
      "4 CPU cores, 3 GB memory, 1 GPU slot, disk 3.2 GB",
    );
    await userEvent.click(screen.getByRole("button", { name: "Create and start" }));
    await screen.findByText("Now at /instances/default/i-new");
    expect(createCall(calls)?.body).toMatchObject({
      app_id: "app-gpu",
      resources: { cpus: 4, "gpu-slots": 1 },
    });
  });

  it("asks for an application rather than sending none", async () => {
    const calls = renderPage();
    await screen.findByRole("option", { name: "game" });
    await userEvent.click(screen.getByRole("button", { name: "Create and start" }));
    expect(screen.getByLabelText("Application")).toHaveAccessibleDescription(
      expect.stringContaining("Choose an application") as string,
    );
    expect(screen.getByLabelText("Application")).toHaveFocus();
    expect(createCall(calls)).toBeUndefined();
  });

  it("makes a VM from the default VM image with a 15 GiB disk", async () => {
    const calls = renderPage({ ext4: true });
    await userEvent.click(await screen.findByRole("radio", { name: "Virtual machine" }));
    await userEvent.click(screen.getByRole("radio", { name: "An image" }));
    await waitFor(() => {
      expect(screen.getByLabelText("Image")).toHaveValue("img-vm");
    });
    await userEvent.click(screen.getByRole("button", { name: "Create" }));
    await screen.findByText("Now at /instances/default/i-new");
    expect(createCall(calls)?.body).toMatchObject({
      type: "vm",
      image_id: "img-vm",
      resources: { disk_size: 15 * gibibyte },
    });
  });

  it("disables the virtual machine type, with the reason, on a cluster whose AMS runs none", async () => {
    const health = {
      reachable: true,
      version: "1.14.0",
      api_extensions: ["instance_support"],
      checked_at: "2026-11-29T07:00:00Z",
    };
    renderPage({ clusters: [{ id: "default", health }] });
    const vm = await screen.findByRole("radio", { name: "Virtual machine" });
    await waitFor(() => {
      expect(vm).toBeDisabled();
    });
    expect(screen.getByRole("radio", { name: "Container" })).toBeChecked();
    expect(screen.getByRole("group", { name: "Instance type" })).toHaveAccessibleDescription(
      "Cluster default's AMS (version 1.14.0) does not offer virtual machines: its API has no vm_support extension.",
    );
  });

  it("checks custom sizes, then sends them", async () => {
    const calls = renderPage();
    await chooseImageSource();
    await userEvent.selectOptions(screen.getByLabelText("Resource type"), "custom");
    const cpu = screen.getByLabelText("CPU cores");
    await userEvent.clear(cpu);
    await userEvent.type(cpu, "300");
    await userEvent.tab();
    expect(cpu).toHaveAccessibleDescription("CPU cores must be a whole number from 1 to 256");
    await userEvent.clear(screen.getByLabelText("Memory (GB)"));
    await userEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(
      screen.getByText("Memory must be a whole number of GB from 1 to 4000"),
    ).toBeInTheDocument();
    expect(cpu).toHaveFocus();
    expect(createCall(calls)).toBeUndefined();

    await userEvent.clear(cpu);
    await userEvent.type(cpu, "8");
    await userEvent.clear(screen.getByLabelText("GPU slots"));
    await userEvent.type(screen.getByLabelText("GPU slots"), "2");
    await userEvent.clear(screen.getByLabelText("VPU slots"));
    await userEvent.type(screen.getByLabelText("VPU slots"), "1");
    await userEvent.type(screen.getByLabelText("Memory (GB)"), "16");
    expect(screen.getByLabelText("Resource type")).toHaveAccessibleDescription(
      "8 CPU cores, 16 GB memory, 2 GPU slots, 1 VPU slot, disk 3.2 GB",
    );
    await userEvent.click(screen.getByRole("button", { name: "Create" }));
    await screen.findByText("Now at /instances/default/i-new");
    expect(createCall(calls)?.body).toMatchObject({
      resources: { cpus: 8, "gpu-slots": 2, "vpu-slots": 1, memory: 16_000_000_000 },
    });
  });

  it("checks and sends a custom display size", async () => {
    const calls = renderPage();
    await chooseImageSource();
    await userEvent.selectOptions(screen.getByLabelText("Resolution"), "custom");
    await userEvent.clear(screen.getByLabelText("Width (pixels)"));
    await userEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(screen.getByLabelText("Width (pixels)")).toHaveAccessibleDescription(
      "Width must be a whole number of pixels from 1 to 7680",
    );
    await userEvent.type(screen.getByLabelText("Width (pixels)"), "720");
    await userEvent.clear(screen.getByLabelText("Height (pixels)"));
    await userEvent.type(screen.getByLabelText("Height (pixels)"), "1280");
    await userEvent.click(screen.getByRole("button", { name: "Create" }));
    await screen.findByText("Now at /instances/default/i-new");
    expect(createCall(calls)?.body).toMatchObject({
      config: { display: { width: 720, height: 1280, density: 240, fps: 60 } },
    });
  });

  it("shows the cluster's refusal in the form and keeps what was typed", async () => {
    renderPage({
      createAnswer: {
        status: 400,
        body: { status: 400, error: "Bad Request", message: "No node has room for 10 CPU cores" },
      },
    });
    await chooseImageSource();
    await userEvent.type(screen.getByLabelText("Name"), "big");
    await userEvent.selectOptions(screen.getByLabelText("Resource type"), "a10.3");
    await userEvent.click(screen.getByRole("button", { name: "Create and start" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The instance was not created");
    expect(alert).toHaveTextContent("No node has room for 10 CPU cores");
    expect(alert).toHaveFocus();
    expect(screen.getByLabelText("Name")).toHaveValue("big");
    expect(screen.getByLabelText("Resource type")).toHaveValue("a10.3");
    expect(screen.queryByText(/Now at/)).not.toBeInTheDocument();
  });
});
