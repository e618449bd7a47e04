import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import { ListEmptyState } from "./ListEmptyState.tsx";

const instances = { one: "instance", other: "instances" };

function renderEmpty(someClustersDown: boolean) {
  render(
    <ListEmptyState
      reason="none"
      noun={instances}
      none={{ title: "No instances yet", children: <p>Instances run your applications.</p> }}
      onClearFilters={vi.fn()}
      onFirstPage={vi.fn()}
      unreachable={
        someClustersDown ? [{ clusterId: "lab", message: "it refuses connections" }] : []
      }
    />,
  );
}

describe("ListEmptyState", () => {
  it("says there is nothing yet when every cluster answered", () => {
    renderEmpty(false);
    expect(screen.getByRole("heading", { name: "No instances yet" })).toBeInTheDocument();
  });

  it("does not say 'yet' while a cluster does not answer: its rows may be there", () => {
    renderEmpty(true);
    expect(
      screen.getByRole("heading", { name: "No instances on the clusters that answer" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "No instances yet" })).toBeNull();
    expect(screen.getByText("Instances run your applications.")).toBeInTheDocument();
  });
});
