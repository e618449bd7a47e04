import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { act } from "react";
import { notifyOperationFailure } from "../../../context/events/operation-failure-handlers.ts";
import { createQueryClient } from "../../../context/query-client.ts";
import { queryKeys } from "../../../context/query-keys.ts";
import { formatDate } from "../../../util/dates.ts";
import {
  renderInstancePage,
  runningInstance,
  stubInstanceServer,
  type FakeServer,
} from "./fake-instance-server.test-support.tsx";

const pagePath = `/instances/${runningInstance.clusterId}/${runningInstance.id}`;

function serve(overrides: Partial<FakeServer> = {}): FakeServer {
  const server: FakeServer = { instance: runningInstance, logs: {}, calls: [], ...overrides };
  stubInstanceServer(server);
  return server;
}

/** The value next to a label of the overview's fact lists. */
function fact(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: "dt" });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${label}`);
  return value;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("InstanceDetailPage", () => {
  it("shows the instance's facts from the server on the overview", async () => {
    serve();
    renderInstancePage(pagePath);
    expect(await screen.findByRole("heading", { level: 1, name: "web-shop-1" })).toBeVisible();
    expect(screen.getByRole("navigation", { name: "Breadcrumb" })).toContainElement(
      screen.getByRole("link", { name: "Instances" }),
    );
    expect(screen.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");

    expect(within(fact("Status")).getByText("running")).toHaveClass("p-status-label--positive");
    expect(fact("Status message")).toHaveTextContent("Android booted");
    expect(screen.queryByText("Error", { selector: "dt" })).not.toBeInTheDocument();
    expect(fact("ID")).toHaveTextContent("d1b2c3");
    expect(fact("Cluster")).toHaveTextContent("lab");
    expect(fact("Type")).toHaveTextContent("Container");
    expect(fact("Application")).toHaveTextContent("web-shop version 3");
    expect(within(fact("Application")).getByRole("link", { name: "web-shop" })).toHaveAttribute(
      "href",
      "/applications/lab/app9",
    );
    expect(fact("Node")).toHaveTextContent("lxd0");
    expect(fact("Created")).toHaveTextContent(formatDate(1_767_225_600_000));
    expect(fact("CPU")).toHaveTextContent("4 cores");
    expect(fact("Memory")).toHaveTextContent("3.0 GB");
    expect(fact("Disk")).toHaveTextContent("15.0 GB");
    expect(fact("GPU slots")).toHaveTextContent("1");
    expect(fact("VPU slots")).toHaveTextContent("0");
    expect(fact("Address")).toHaveTextContent("192.0.2.10");
    expect(fact("Public address")).toHaveTextContent("203.0.113.5");
    expect(fact("Services")).toHaveTextContent("adb: 5555/tcp, exposed on node port 10000");
    expect(fact("Tags")).toHaveTextContent("session=s-42team=shop");
    expect(fact("Streaming")).toHaveTextContent("Enabled");
    expect(fact("Display")).toHaveTextContent("1280×720, 60 fps, density 160");
    expect(within(fact("Session")).getByRole("link", { name: "s-42" })).toHaveAttribute(
      "href",
      "/sessions/s-42",
    );
    expect(fact("Delete protection")).toHaveTextContent("Off");
  });

  it("shows the image and the error of an instance made from an image", async () => {
    serve({
      instance: {
        ...runningInstance,
        app_id: "",
        app_name: "",
        status: "error",
        desired_status: "running",
        error_message: "No node has room",
        tags: [],
      },
    });
    renderInstancePage(pagePath);
    expect(await screen.findByText("No node has room")).toBeVisible();
    expect(fact("Image")).toHaveTextContent("jammy:android14:amd64 version 2");
    expect(fact("Status")).toHaveTextContent(/^error\s*going to running$/);
    expect(fact("Session")).toHaveTextContent("None");
  });

  it("follows a status change in the refetched instance without a reload", async () => {
    const server = serve();
    const { queryClient } = renderInstancePage(pagePath);
    await screen.findByRole("heading", { level: 1, name: "web-shop-1" });
    expect(screen.getByRole("button", { name: "Start" })).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByRole("button", { name: "Start" })).toHaveAttribute(
      "title",
      "Not available for 'running' instances.",
    );
    expect(screen.getByRole("link", { name: "Stream" })).toHaveAttribute("href", "/sessions/s-42");

    server.instance = { ...runningInstance, status: "stopped", desired_status: "stopped" };
    // What a lifecycle event does.
    void queryClient.invalidateQueries({ queryKey: queryKeys.instances() });
    // The page stays while it refetches: no loader replaces it.
    expect(screen.queryByRole("status", { name: /Loading/ })).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "web-shop-1" })).toBeVisible();

    await waitFor(() => {
      expect(within(fact("Status")).getByText("stopped")).toBeVisible();
    });
    expect(screen.getByRole("button", { name: "Start" })).toHaveAttribute("aria-disabled", "false");
    expect(screen.getByRole("button", { name: "Stop" })).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByRole("button", { name: "Stop" })).toHaveAttribute(
      "title",
      "Not available for 'stopped' instances.",
    );
    // Stream stays, disabled with its reason: the instance streams once it runs again.
    expect(screen.queryByRole("link", { name: "Stream" })).not.toBeInTheDocument();
    const stream = screen.getByRole("button", { name: "Stream" });
    expect(stream).toHaveAttribute("aria-disabled", "true");
    expect(stream).toHaveAttribute("title", "It streams while it runs: this instance is stopped.");
  });

  it("stops the instance, and says so in a toast", async () => {
    const server = serve();
    renderInstancePage(pagePath);
    const stop = await screen.findByRole("button", { name: "Stop" });
    await userEvent.click(stop);
    await waitFor(() => {
      expect(server.calls).toContainEqual({
        method: "PATCH",
        path: "/api/instances/d1b2c3",
        body: { desired_status: "stopped" },
      });
    });
    expect(await screen.findByText("Stopping web-shop-1")).toBeInTheDocument();
    // The pressed button keeps the focus while the stop is under way (a keyboard user's place).
    expect(stop).toHaveFocus();
    // The cluster's operation fails later: the events call the handler the action registered.
    act(() => {
      notifyOperationFailure("op-1", "No node has room");
    });
    expect(await screen.findByText("Stop failed: web-shop-1")).toBeInTheDocument();
    expect(screen.getByText("No node has room")).toBeInTheDocument();
  });

  it("shows a refused action in a toast with the server's reason", async () => {
    serve({ actionError: { status: 409, message: "The instance is busy." } });
    renderInstancePage(pagePath);
    await userEvent.click(await screen.findByRole("button", { name: "Stop" }));
    expect(await screen.findByText("Stop failed: web-shop-1")).toBeInTheDocument();
    expect(screen.getByText("The instance is busy.")).toBeInTheDocument();
  });

  it("deletes a running instance only with force, then goes to the list", async () => {
    const user = userEvent.setup();
    const server = serve();
    const { router } = renderInstancePage(pagePath);
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: /^Delete .+\?$/ });
    expect(dialog).toHaveTextContent("The instance is running");
    const confirm = within(dialog).getByRole("button", { name: "Delete" });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole("checkbox", { name: "Force delete" }));
    await user.click(confirm);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/instances");
    });
    expect(server.calls).toContainEqual({
      method: "DELETE",
      path: "/api/instances/d1b2c3",
      body: { force: true },
    });
  });

  it("disables Delete with the reason when delete protection is on", async () => {
    serve({
      instance: {
        ...runningInstance,
        status: "stopped",
        config: { ...runningInstance.config, security: { delete_protected: true } },
      },
    });
    renderInstancePage(pagePath);
    const button = await screen.findByRole("button", { name: "Delete" });
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button.title).toMatch(/Delete protection is on/);
  });

  it("shows the overview for a tab it does not know", async () => {
    serve();
    renderInstancePage(`${pagePath}/nonsense`);
    expect(await screen.findByRole("tab", { name: "Overview" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Status message");
    expect(screen.getByRole("tab", { name: "Logs" })).toHaveAttribute(
      "href",
      "/instances/lab/d1b2c3/logs",
    );
  });

  it("says the instance is not found, with a way back to the list", async () => {
    serve({ instance: undefined });
    renderInstancePage(pagePath);
    expect(await screen.findByRole("heading", { name: "Instance not found" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Back to the instances" })).toHaveAttribute(
      "href",
      "/instances",
    );
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
  });

  it("shows other failures inline", async () => {
    serve({ instanceError: { status: 502, message: "Cluster lab is unreachable" } });
    // The dashboard's policy retries a 502, at once here.
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({
      queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 },
    });
    renderInstancePage(pagePath, queryClient);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Cannot load this instance");
    expect(alert).toHaveTextContent("Cluster lab is unreachable");
  });
});
