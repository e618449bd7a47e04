import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import type { ClusterOperation } from "@anbox-dashboard/contract";
import { createQueryClient } from "../../context/query-client.ts";
import OperationsPage from "./OperationsPage.tsx";

const base: ClusterOperation = {
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

function renderPage(operations: ClusterOperation[]) {
  const calls: URL[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((url: URL) => {
      if (url.pathname === "/api/info") {
        return Promise.resolve(new Response(JSON.stringify({ user: { fullname: "Ada" } })));
      }
      calls.push(url);
      return Promise.resolve(new Response(JSON.stringify({ metadata: operations })));
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={["/operations"]}>
        <OperationsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

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
    expect(screen.getByRole("link", { name: "instance i1" })).toHaveAttribute(
      "href",
      "/instances/default/i1",
    );
    expect(screen.getByRole("link", { name: "node lxd0" })).toHaveAttribute("href", "/nodes");
    expect(screen.getByText("token x")).toBeInTheDocument();
    expect(screen.getByText("No node has room")).toBeInTheDocument();
    expect(within(rowAt(rows, 0)).getByText("5 minutes ago")).toBeInTheDocument();
    // Newest first unless asked otherwise.
    expect(calls[0]?.searchParams.get("orderBy")).toBe("created_at");
    expect(calls[0]?.searchParams.get("order")).toBe("desc");
  });

  it("sorts on the server when a column header is clicked", async () => {
    const calls = renderPage([base]);
    await screen.findByRole("table", { name: "Operations" });
    await userEvent.click(screen.getByRole("button", { name: "Status" }));
    await screen.findByRole("columnheader", { name: /Status/ });
    expect(calls.at(-1)?.searchParams.get("orderBy")).toBe("status");
    expect(calls.at(-1)?.searchParams.get("order")).toBe("asc");
    expect(screen.getByRole("columnheader", { name: /Status/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    await userEvent.click(screen.getByRole("button", { name: /Status/ }));
    expect(calls.at(-1)?.searchParams.get("order")).toBe("desc");
  });

  it("says so when there are no operations", async () => {
    renderPage([]);
    expect(await screen.findByRole("heading", { name: "No operations" })).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });
});
