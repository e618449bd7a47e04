import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ConfigKeyView } from "@anbox-dashboard/contract";
import { renderPage as renderRoutes } from "../../test-support/render-page.tsx";
import ConfigPage from "./ConfigPage.tsx";

const keysOf = (clusterId: string): ConfigKeyView[] => [
  {
    name: "scheduler.strategy",
    value: "spread",
    type: "enum",
    default: "spread",
    description: "spread: place instances on the least loaded node",
    allowed: ["spread", "binpack"],
    known: true,
  },
  {
    name: "images.update_interval",
    value: "10m",
    type: "duration",
    default: "5m",
    description: "How often the image server is checked",
    known: true,
  },
  {
    name: "images.url",
    value: "https://images.example/",
    type: "string",
    default: "https://images.example/",
    description: "Image server the provided images are imported from",
    known: true,
  },
  {
    name: "application.auto_publish",
    value: true,
    type: "boolean",
    default: true,
    description: "Publish a new application version automatically",
    known: true,
  },
  {
    name: "node.queue_size",
    value: 100,
    type: "integer",
    default: 100,
    min: 1,
    max: 100_000,
    description: "Start/stop requests queued per node",
    known: true,
  },
  {
    name: `vendor.${clusterId}-flag.x`,
    value: "on",
    type: "string",
    description: "",
    known: false,
  },
];

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

function json(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

function renderPage({ path = "/config", refusal = "" } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((url: URL, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      if (url.pathname === "/api/clusters") return json([{ id: "default" }, { id: "second" }]);
      const clusterId = url.searchParams.get("clusterId") ?? "default";
      if (method === "GET" && url.pathname === "/api/config") {
        return json({ metadata: { clusterId, keys: keysOf(clusterId) } });
      }
      if (method === "PATCH" && url.pathname === "/api/config") {
        if (refusal !== "")
          return json({ status: 400, error: "Bad Request", message: refusal }, 400);
        const { name, value } = body as { name: string; value: string | number | boolean };
        const key = keysOf(clusterId).find((candidate) => candidate.name === name);
        return json({ metadata: { ...key, value } });
      }
      return json({ message: "not here" }, 404);
    }),
  );
  renderRoutes(path, [
    { path: "/config", element: <ConfigPage /> },
    { path: "/config/:clusterId", element: <ConfigPage /> },
  ]);
  return calls;
}

const patches = (calls: Call[]) => calls.filter((call) => call.method === "PATCH");

/** A key's block, found by its name's heading. */
async function keyBlock(name: string): Promise<HTMLElement> {
  const heading = await screen.findByRole("heading", { name, level: 3 });
  const block = heading.closest<HTMLElement>("li");
  if (!block) throw new Error(`no block for ${name}`);
  return block;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ConfigPage", () => {
  it("shows the first cluster's keys grouped by prefix, each described", async () => {
    const calls = renderPage();
    const scheduler = await screen.findByRole("region", { name: "scheduler" });
    const block = await keyBlock("scheduler.strategy");
    expect(scheduler).toContainElement(block);
    expect(within(block).getByText(/least loaded node/)).toBeInTheDocument();
    expect(within(block).getByText("enum")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "images" })).toContainElement(
      await keyBlock("images.update_interval"),
    );
    const unknown = await keyBlock("vendor.default-flag.x");
    expect(
      within(unknown).getByText("No description: the dashboard does not know this key"),
    ).toBeInTheDocument();
    expect(within(unknown).getByRole("textbox", { name: "Value of vendor.default-flag.x" }));
    expect(
      calls.find((call) => call.url.pathname === "/api/config")?.url.searchParams.get("clusterId"),
    ).toBe("default");
  });

  it("gives each type its editor", async () => {
    renderPage();
    await keyBlock("scheduler.strategy");
    expect(screen.getByRole("combobox", { name: "Value of scheduler.strategy" })).toHaveValue(
      "spread",
    );
    expect(screen.getByRole("switch", { name: "Value of application.auto_publish" })).toBeChecked();
    const queue = screen.getByRole("spinbutton", { name: "Value of node.queue_size" });
    expect(queue).toHaveAttribute("min", "1");
    expect(queue).toHaveAttribute("max", "100000");
    expect(screen.getByRole("textbox", { name: "Value of images.update_interval" })).toHaveValue(
      "10m",
    );
  });

  it("searches names and descriptions, the search kept in the URL", async () => {
    renderPage({ path: "/config?search=queued" });
    await keyBlock("node.queue_size");
    expect(screen.queryByRole("heading", { name: "scheduler.strategy" })).toBeNull();

    const search = screen.getByRole("searchbox", { name: "Search" });
    await userEvent.clear(search);
    await userEvent.type(search, "STRATEGY");
    await keyBlock("scheduler.strategy");
    expect(screen.queryByRole("heading", { name: "node.queue_size" })).toBeNull();
    expect(screen.getByTestId("location").textContent).toBe("/config?search=STRATEGY");
  });

  it("marks a change until it is saved, and saves that key alone", async () => {
    const calls = renderPage();
    const block = await keyBlock("scheduler.strategy");
    expect(within(block).queryByText("Changed, not saved")).toBeNull();
    expect(within(block).getByRole("button", { name: "Save" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );

    await userEvent.selectOptions(within(block).getByRole("combobox"), "binpack");
    expect(within(block).getByText("Changed, not saved")).toBeInTheDocument();
    await userEvent.click(within(block).getByRole("button", { name: "Save" }));

    await waitFor(() => {
      expect(within(block).queryByText("Changed, not saved")).toBeNull();
    });
    expect(patches(calls)).toHaveLength(1);
    expect(patches(calls)[0]?.body).toEqual({ name: "scheduler.strategy", value: "binpack" });
    expect(patches(calls)[0]?.url.searchParams.get("clusterId")).toBe("default");
  });

  it("sends a switch as a boolean and a number as a number", async () => {
    const calls = renderPage();
    const publish = await keyBlock("application.auto_publish");
    await userEvent.click(within(publish).getByRole("switch"));
    await userEvent.click(within(publish).getByRole("button", { name: "Save" }));
    const queue = await keyBlock("node.queue_size");
    await userEvent.clear(within(queue).getByRole("spinbutton"));
    await userEvent.type(within(queue).getByRole("spinbutton"), "250");
    await userEvent.click(within(queue).getByRole("button", { name: "Save" }));
    await waitFor(() => {
      expect(patches(calls).map((call) => call.body)).toEqual([
        { name: "application.auto_publish", value: false },
        { name: "node.queue_size", value: 250 },
      ]);
    });
  });

  it("checks a duration and a number's bounds in the browser before sending", async () => {
    const calls = renderPage();
    const interval = await keyBlock("images.update_interval");
    const field = within(interval).getByRole("textbox");
    await userEvent.clear(field);
    await userEvent.type(field, "soon");
    await userEvent.click(within(interval).getByRole("button", { name: "Save" }));
    expect(await within(interval).findByText(/Must be a duration/)).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");

    const queue = await keyBlock("node.queue_size");
    await userEvent.clear(within(queue).getByRole("spinbutton"));
    await userEvent.type(within(queue).getByRole("spinbutton"), "0");
    await userEvent.click(within(queue).getByRole("button", { name: "Save" }));
    expect(
      await within(queue).findByText("Must be a whole number from 1 to 100000"),
    ).toBeInTheDocument();
    expect(patches(calls)).toHaveLength(0);
  });

  it("shows the cluster's refusal at the field", async () => {
    const refusal = "Invalid value for configuration key 'images.url': must be an http:// URL";
    renderPage({ refusal });
    const block = await keyBlock("images.url");
    const field = within(block).getByRole("textbox");
    await userEvent.clear(field);
    await userEvent.type(field, "not a url");
    await userEvent.click(within(block).getByRole("button", { name: "Save" }));
    const message = await within(block).findByText(refusal);
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field.getAttribute("aria-describedby")?.split(" ")).toContain(message.id);
    expect(within(block).getByText("Changed, not saved")).toBeInTheDocument();
  });

  it("resets to the default, disabled with its reason when it already is", async () => {
    const calls = renderPage();
    const strategy = await keyBlock("scheduler.strategy");
    const resetStrategy = within(strategy).getByRole("button", { name: "Reset to default" });
    expect(resetStrategy).toBeDisabled();
    expect(resetStrategy).toHaveAttribute("title", "The value already is the default");

    const interval = await keyBlock("images.update_interval");
    await userEvent.click(within(interval).getByRole("button", { name: "Reset to default" }));
    await waitFor(() => {
      expect(patches(calls).map((call) => call.body)).toEqual([
        { name: "images.update_interval", value: "5m" },
      ]);
    });
    const unknown = await keyBlock("vendor.default-flag.x");
    expect(within(unknown).getByRole("button", { name: "Reset to default" })).toBeDisabled();
  });

  it("switches cluster with the picker, keeping the search", async () => {
    const calls = renderPage({ path: "/config?search=flag" });
    await keyBlock("vendor.default-flag.x");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Cluster" }), "second");
    await keyBlock("vendor.second-flag.x");
    expect(screen.getByTestId("location").textContent).toBe("/config/second?search=flag");
    expect(
      calls
        .filter((call) => call.url.pathname === "/api/config")
        .at(-1)
        ?.url.searchParams.get("clusterId"),
    ).toBe("second");
  });

  it("says so for a cluster the dashboard does not manage", async () => {
    const calls = renderPage({ path: "/config/elsewhere" });
    expect(await screen.findByRole("heading", { name: "Cluster not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /first cluster/ })).toHaveAttribute("href", "/config");
    expect(calls.some((call) => call.url.pathname === "/api/config")).toBe(false);
  });
});
