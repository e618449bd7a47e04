import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, useLocation } from "react-router";
import type { ClusterOperation } from "@anbox-dashboard/contract";
import { createQueryClient } from "../../context/query-client.ts";
import OperationsPage from "./OperationsPage.tsx";

const base: ClusterOperation = {
  resourceNames: { "/1.0/instances/i1": "web-1" },
  id: "op-1",
  class: "task",
  description: "Creating instance",
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  updated_at: new Date(Date.now() - 4 * 60_000).toISOString(),
  status: "Running",
  status_code: 103,
  resources: { instances: ["/1.0/instances/i1"] },
  metadata: null,
  may_cancel: false,
  err: "",
  server_address: "",
  clusterId: "default",
};

/** Shows the URL's query string, for tests to read what the page wrote there. */
function LocationProbe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

function renderPage(operations: ClusterOperation[], { total = operations.length, path = "" } = {}) {
  const calls: URL[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((url: URL) => {
      if (url.pathname === "/api/info") {
        return Promise.resolve(new Response(JSON.stringify({ user: { fullname: "Ada" } })));
      }
      if (url.pathname === "/api/clusters") {
        return Promise.resolve(new Response(JSON.stringify([{ id: "default" }])));
      }
      calls.push(url);
      return Promise.resolve(
        new Response(JSON.stringify({ metadata: operations, total_size: total })),
      );
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/operations${path}`]}>
        <OperationsPage />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const urlOf = () => new URLSearchParams(screen.getByTestId("location").textContent);

function rowAt(rows: HTMLElement[], index: number): HTMLElement {
  const row = rows[index];
  if (!row) throw new Error(`no row ${String(index)}`);
  return row;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("OperationsPage", () => {
  it("shows each operation's status, resources, times and error", async () => {
    const calls = renderPage([
      base,
      {
        ...base,
        id: "op-2",
        status: "Failure",
        description: "Starting instance",
        err: "No node has room",
        resources: { instances: ["/1.0/instances/i2"], nodes: ["/1.0/nodes/lxd0"] },
      },
      { ...base, id: "op-3", status: "Success", resources: {} },
      { ...base, id: "op-4", status: "Cancelled", resources: { tokens: ["/1.0/tokens/x"] } },
    ]);
    const table = await screen.findByRole("table", { name: "Operations" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(4);
    expect(within(rowAt(rows, 0)).getByText("Running")).toHaveClass("p-status-label--information");
    expect(within(rowAt(rows, 1)).getByText("Failure")).toHaveClass("p-status-label--negative");
    expect(within(rowAt(rows, 2)).getByText("Success")).toHaveClass("p-status-label--positive");
    expect(within(rowAt(rows, 3)).getByText("Cancelled")).toHaveClass("p-status-label--caution");
    // By name where the server found one, by id where it did not (a deleted instance).
    expect(screen.getByRole("link", { name: "instance web-1" })).toHaveAttribute(
      "href",
      "/instances/default/i1",
    );
    expect(screen.getByRole("link", { name: "instance i2" })).toHaveAttribute(
      "href",
      "/instances/default/i2",
    );
    expect(screen.getByRole("link", { name: "node lxd0" })).toHaveAttribute("href", "/nodes");
    expect(screen.getByText("token x")).toBeInTheDocument();
    expect(screen.getByText("No node has room")).toBeInTheDocument();
    expect(within(rowAt(rows, 0)).getByText("5 minutes ago")).toBeInTheDocument();
    // Newest first unless asked otherwise, a page at a time.
    expect(calls[0]?.searchParams.get("orderBy")).toBe("created_at");
    expect(calls[0]?.searchParams.get("order")).toBe("desc");
    expect(calls[0]?.searchParams.get("page")).toBe("1");
    expect(calls[0]?.searchParams.get("size")).toBe("30");
  });

  it("names a few resources of a bulk operation and counts the others", async () => {
    const instances = ["a", "b", "c", "d", "e"].map((id) => `/1.0/instances/${id}`);
    renderPage([{ ...base, resources: { instances }, resourceNames: {} }]);
    await screen.findByRole("table", { name: "Operations" });
    expect(screen.getAllByRole("link", { name: /^instance / })).toHaveLength(3);
    expect(screen.getByText("and 2 more instances")).toBeInTheDocument();
  });

  it("filters by status and type on the server, through the URL", async () => {
    const calls = renderPage([base]);
    await screen.findByRole("table", { name: "Operations" });
    await userEvent.click(screen.getByText("Any status"));
    await userEvent.click(screen.getByRole("checkbox", { name: "Failure" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Running" }));
    expect(urlOf().getAll("filter.status")).toEqual(["Running", "Failure"]);
    await waitFor(() => {
      expect(calls.at(-1)?.searchParams.get("status")).toBe("Running,Failure");
    });

    await userEvent.keyboard("{Escape}");
    await userEvent.click(screen.getByText("Any type"));
    await userEvent.click(screen.getByRole("checkbox", { name: "Instances" }));
    await waitFor(() => {
      expect(calls.at(-1)?.searchParams.get("type")).toBe("instances");
    });
    expect(calls.at(-1)?.searchParams.get("status")).toBe("Running,Failure");

    await userEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(urlOf().toString()).toBe("");
    // The unfiltered page is the first one asked for: it comes from the cache.
    expect(screen.getByText("Any status")).toBeInTheDocument();
    expect(screen.getByText("Any type")).toBeInTheDocument();
  });

  it("says when the filters hide every operation, and pages through the others", async () => {
    renderPage([], { path: "?filter.type=images" });
    expect(await screen.findByRole("region", { name: "No operation matches" })).toBeInTheDocument();
    cleanup();
    const calls = renderPage([base], { total: 95 });
    await screen.findByRole("table", { name: "Operations" });
    expect(screen.getByText("Showing 1–30 of 95")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Last" }));
    expect(urlOf().get("page")).toBe("4");
    await waitFor(() => {
      expect(calls.at(-1)?.searchParams.get("page")).toBe("4");
    });
  });

  it("sorts on the server when a column header is clicked", async () => {
    const calls = renderPage([base]);
    await screen.findByRole("table", { name: "Operations" });
    const header = () => screen.getByRole("columnheader", { name: /Status/ });
    await userEvent.click(within(header()).getByRole("button", { name: "Status" }));
    expect(urlOf().get("orderBy")).toBe("status");
    await waitFor(() => {
      expect(calls.at(-1)?.searchParams.get("orderBy")).toBe("status");
    });
    expect(calls.at(-1)?.searchParams.get("order")).toBe("asc");
    expect(screen.getByRole("columnheader", { name: /Status/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    await userEvent.click(within(header()).getByRole("button", { name: /Status/ }));
    await waitFor(() => {
      expect(calls.at(-1)?.searchParams.get("order")).toBe("desc");
    });
  });

  it("says so when there are no operations", async () => {
    renderPage([]);
    expect(await screen.findByRole("heading", { name: "No operations" })).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });
});
