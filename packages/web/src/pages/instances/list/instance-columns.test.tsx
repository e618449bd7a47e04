import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation } from "react-router";
import { QueryClientProvider } from "@tanstack/react-query";
import { createQueryClient } from "../../../context/query-client.ts";
import { givePermissions } from "../../../test-support/permissions.ts";
import type { ClusterInstance } from "../../../api/instances.ts";
import { ListTable } from "../../../components/table/ListTable.tsx";
import { instanceColumns } from "./instance-columns.tsx";
import { instanceKey } from "./instance-key.ts";
import { makeInstance } from "./render-instances-page.test-support.tsx";

const noKeys: ReadonlySet<string> = new Set();
const onAction = vi.fn();
const plain = instanceColumns({ onAction, showCluster: false });
const withClusters = instanceColumns({ onAction, showCluster: true });
const selection = {
  keys: noKeys,
  onToggle: vi.fn(),
  onToggleAll: vi.fn(),
  rowLabel: (instance: ClusterInstance) => `Select ${instance.name}`,
  allLabel: "Select all instances on this page",
};

function PathProbe() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

// The rows' actions ask what the user may do: an admin here.
const queryClient = givePermissions(createQueryClient());

function table(instances: ClusterInstance[], showCluster = false) {
  return (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={["/instances"]}>
        <PathProbe />
        <ListTable
          label="Instances"
          rows={instances}
          rowKey={instanceKey}
          columns={showCluster ? withClusters : plain}
          sort={{ orderBy: "created_at", order: "desc" }}
          onSort={vi.fn()}
          selection={selection}
        />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

const rowOf = (name: string) => screen.getByRole("link", { name }).closest("tr");

describe("the instances list's rows", () => {
  const a = makeInstance({ id: "a", name: "web-a" });
  const b = makeInstance({ id: "b", name: "web-b" });

  it("names each instance's cluster when told to (useNamesClusters decides), and only then", () => {
    const { rerender } = render(table([a, b]));
    expect(screen.queryByText(/^ on /)).not.toBeInTheDocument();
    rerender(table([a, makeInstance({ id: "far", name: "far-away", clusterId: "lab" })], true));
    expect(rowOf("far-away")).toHaveTextContent("far-away on lab");
    expect(rowOf("web-a")).toHaveTextContent(`web-a on ${a.clusterId}`);
  });

  it("keeps an instance's row, and the focus in it, when others come and go", () => {
    const { rerender } = render(table([a, b]));
    const rowB = rowOf("web-b");
    screen.getByRole("button", { name: "Stop web-b" }).focus();

    rerender(table([makeInstance({ id: "new", name: "web-new" }), b]));
    expect(rowOf("web-b")).toBe(rowB);
    expect(screen.getByRole("button", { name: "Stop web-b" })).toHaveFocus();
  });

  it("reuses the rows for a new list, and takes the focus out of a row now showing another", () => {
    const { rerender } = render(table([a, b]));
    const rowA = rowOf("web-a");
    screen.getByRole("button", { name: "Stop web-a" }).focus();

    rerender(table([makeInstance({ id: "x", name: "web-x" })]));
    // The same row now shows web-x: a key pressed must not stop web-x in web-a's place.
    expect(rowOf("web-x")).toBe(rowA);
    expect(screen.getByRole("button", { name: "Stop web-x" })).not.toHaveFocus();
    expect(document.body).toHaveFocus();
  });

  it("follows a row's link in the app, and leaves a click with a modifier to the browser", async () => {
    render(table([a]));
    const link = screen.getByRole("link", { name: "web-a" });
    expect(link).toHaveAttribute("href", "/instances/default/a");

    // The browser's own handling (a new tab) is what follows a click the page left alone; jsdom
    // cannot open one, so the click is stopped here once the page has had it.
    let leftToBrowser = false;
    document.addEventListener(
      "click",
      (event) => {
        leftToBrowser = !event.defaultPrevented;
        event.preventDefault();
      },
      { once: true },
    );
    link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true }));
    expect(leftToBrowser).toBe(true);
    expect(screen.getByTestId("path")).toHaveTextContent(/^\/instances$/);

    await userEvent.click(link);
    expect(screen.getByTestId("path")).toHaveTextContent("/instances/default/a");
  });
});
