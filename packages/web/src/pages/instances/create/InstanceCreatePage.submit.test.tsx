// The instance form's page sending what it holds: the AMS request, once per double click, with
// the sizes and display checked, and the cluster's refusal kept in the form.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notifyOperationFailure } from "../../../context/events/operation-failure-handlers.ts";
import { stubMatchMedia } from "../../../test-support/stub-match-media.ts";
import {
  chooseImageSource,
  createCall,
  gibibyte,
  renderPage,
} from "./create-page.test-support.tsx";

beforeEach(stubMatchMedia);
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("InstanceCreatePage: sending", () => {
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
