import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { NotificationsProvider } from "../../context/notifications/NotificationsProvider.tsx";
import { createQueryClient } from "../../context/query-client.ts";
import { useToast } from "../../context/notifications/use-toast.ts";
import { StatusBar } from "./StatusBar.tsx";
import { stubMatchMedia } from "../../test-support/stub-match-media.ts";

beforeEach(stubMatchMedia);
afterEach(() => {
  vi.unstubAllGlobals();
});

function AddToasts() {
  const notify = useToast();
  return (
    <button
      type="button"
      onClick={() => {
        notify.failure("Start failed", new Error("No node has room"));
        notify.success("Instance created");
      }}
    >
      Add toasts
    </button>
  );
}

function renderStatusBar(
  version: string | undefined,
  running: number,
  unreachableClusters?: { id: string; message: string }[],
) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <NotificationsProvider>
          <AddToasts />
          <StatusBar
            dashboardVersion={version}
            runningOperations={running}
            unreachableClusters={unreachableClusters}
          />
        </NotificationsProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("StatusBar", () => {
  it("shows the dashboard version, or 'unknown'", () => {
    renderStatusBar("1.23.0", 0);
    expect(screen.getByText("Version 1.23.0")).toBeInTheDocument();
    cleanup();
    renderStatusBar(undefined, 0);
    expect(screen.getByText("Version unknown")).toBeInTheDocument();
  });

  it("counts running operations, linking to the operations page, shorter on narrow screens", () => {
    renderStatusBar("1", 3);
    const link = screen.getByRole("link", { name: /3 operations in progress\.\.\./ });
    expect(link).toHaveAttribute("href", "/operations");
    expect(screen.getByText("3 ops...")).toHaveClass("u-hide--medium", "u-hide--large");
    expect(screen.getByText("3 operations in progress...")).toHaveClass("u-hide--small");
  });

  it("says 'operation' for one and nothing when none run", () => {
    renderStatusBar("1", 1);
    expect(screen.getByText("1 operation in progress...")).toBeInTheDocument();
    expect(screen.getByText("1 op...")).toBeInTheDocument();
    cleanup();
    renderStatusBar("1", 0);
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });

  it("names the clusters that do not answer, and why, shorter on narrow screens", () => {
    renderStatusBar("1", 0, [
      { id: "lab", message: 'Cluster "lab" failed: it refuses connections' },
    ]);
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("Cluster lab does not answer");
    expect(status).toHaveTextContent('Cluster "lab" failed: it refuses connections');
    expect(screen.getByText("lab down")).toHaveClass("u-hide--medium", "u-hide--large");
    cleanup();
    renderStatusBar("1", 0, [
      { id: "lab", message: "down" },
      { id: "far", message: "timed out" },
    ]);
    expect(screen.getByRole("status")).toHaveTextContent("Clusters lab, far do not answer");
    cleanup();
    renderStatusBar("1", 0, []);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("toggles the toast list, with an icon per severity and the total; Escape closes it", async () => {
    renderStatusBar("1", 0);
    expect(screen.queryByRole("button", { name: /notifications/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Add toasts" }));

    const toggle = screen.getByRole("button", { name: "Show notifications: 2" });
    expect(toggle).toHaveTextContent("2");
    expect(toggle.querySelector(".p-icon--error")).not.toBeNull();
    expect(toggle.querySelector(".p-icon--success")).not.toBeNull();
    expect(toggle.querySelector(".p-icon--warning")).toBeNull();

    await userEvent.click(toggle);
    expect(screen.getByRole("button", { name: "Hide notifications: 2" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    expect(screen.getByText("Instance created")).toBeInTheDocument();

    await userEvent.keyboard("{Escape}");
    expect(screen.getByRole("button", { name: "Show notifications: 2" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  });

  it("draws the toasts inside the status bar, in a region of their own, above its line", async () => {
    renderStatusBar("1", 0);
    await userEvent.click(screen.getByRole("button", { name: "Add toasts" }));
    const bar = screen.getByRole("contentinfo", { name: "Status bar" });
    const region = within(bar).getByRole("region", { name: "Notifications" });
    // The newest shows on its own; the list opens from the toggle, which comes before it.
    expect(within(region).getByText("Instance created")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Show notifications: 2" }));
    const list = within(region).getByRole("list");
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining("Instance created"),
      expect.stringContaining("No node has room"),
    ]);
    await userEvent.tab();
    expect(within(list).getAllByRole("button", { name: "Close notification" })[0]).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    expect(screen.getByRole("button", { name: "Show notifications: 2" })).toHaveFocus();
  });
});
