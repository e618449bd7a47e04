import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { StreamViewer } from "@anbox-dashboard/contract";
import { ViewersBar } from "./ViewersBar.tsx";

const viewer = (id: string, more: Partial<StreamViewer> = {}): StreamViewer => ({
  id,
  role: "watcher",
  watch_only: false,
  through_share: false,
  ...more,
});

describe("ViewersBar", () => {
  it("is not there for a viewer alone in control", () => {
    const { container } = render(
      <ViewersBar
        viewers={{
          you: "a",
          viewers: [viewer("a", { role: "controller" })],
          controlling: true,
          watchOnly: false,
        }}
        onHandControl={vi.fn()}
        onTakeControl={vi.fn()}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it("lets the viewer in control hand control to one who may have it, not a watch-only one", async () => {
    const onHandControl = vi.fn();
    render(
      <ViewersBar
        viewers={{
          you: "a",
          viewers: [
            viewer("a", { role: "controller" }),
            viewer("b", { watch_only: true, through_share: true }),
            viewer("c", { through_share: true }),
          ],
          controlling: true,
          watchOnly: false,
        }}
        onHandControl={onHandControl}
        onTakeControl={vi.fn()}
      />,
    );
    expect(screen.getByRole("status")).toHaveTextContent(
      "You have control; 2 other viewers watch.",
    );
    const heirs = screen.getByRole("combobox", { name: "Hand control to" });
    expect([...heirs.querySelectorAll("option")].map((option) => option.textContent)).toEqual([
      "Viewer 3 (share link)",
    ]);
    await userEvent.click(screen.getByRole("button", { name: "Hand over" }));
    expect(onHandControl).toHaveBeenCalledWith("c");
  });

  it("offers a signed-in watcher to take control, and tells a watch-only viewer it only watches", async () => {
    const onTakeControl = vi.fn();
    const { rerender } = render(
      <ViewersBar
        viewers={{
          you: "b",
          viewers: [viewer("a", { role: "controller" }), viewer("b")],
          controlling: false,
          watchOnly: false,
        }}
        onHandControl={vi.fn()}
        onTakeControl={onTakeControl}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Take control" }));
    expect(onTakeControl).toHaveBeenCalled();
    rerender(
      <ViewersBar
        viewers={{
          you: "b",
          viewers: [
            viewer("a", { role: "controller" }),
            viewer("b", { watch_only: true, through_share: true }),
          ],
          controlling: false,
          watchOnly: true,
        }}
        onHandControl={vi.fn()}
        onTakeControl={onTakeControl}
      />,
    );
    expect(screen.getByRole("status")).toHaveTextContent(
      /watch-only link: your input does not reach/,
    );
    expect(screen.queryByRole("button", { name: "Take control" })).toBeNull();
  });
});
