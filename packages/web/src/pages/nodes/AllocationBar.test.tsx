import { describe, expect, it } from "vitest";
import { render } from "@testing-library/react";
import { AllocationBar } from "./AllocationBar.tsx";
import type { NodeResource } from "./node-capacity.ts";

const cpu = (allocated: number, capacity: number): NodeResource => ({
  key: "cpu",
  label: "CPU",
  allocated,
  capacity,
  unit: "count",
});

/**
 * The share the bar is drawn to: CSS draws it from this (no element of its own, nothing for a
 * screen reader to read); empty when no bar is drawn.
 */
function drawnShare(container: HTMLElement): string | undefined {
  return container
    .querySelector<HTMLElement>(".allocation-bar")
    ?.style.getPropertyValue("--allocation-share");
}

describe("AllocationBar", () => {
  it("says the figures and the share in text, the bar drawn under them", () => {
    const { container } = render(<AllocationBar resource={cpu(2, 8)} showLabel />);
    expect(container.textContent).toBe("CPU: 2\u00a0/\u00a08 (25\u00a0%)");
    expect(drawnShare(container)).toBe("25%");
  });

  it("says a full resource is full, in words and not in colour only", () => {
    const { container } = render(<AllocationBar resource={cpu(10, 8)} />);
    expect(container.textContent).toBe("10\u00a0/\u00a08 (125\u00a0%, full)");
    expect(container.querySelector(".allocation-bar--full")).not.toBeNull();
    expect(drawnShare(container)).toBe("100%");
  });

  it("says None when the node has none of the resource", () => {
    const { container } = render(<AllocationBar resource={{ ...cpu(0, 0), key: "gpu" }} />);
    expect(container.textContent).toBe("None");
    expect(container.querySelector(".allocation-bar--none")).not.toBeNull();
    expect(drawnShare(container)).toBe("");
  });

  it("writes sizes in bytes with their unit", () => {
    const memory: NodeResource = {
      key: "memory",
      label: "Memory",
      allocated: 3e9,
      capacity: 32e9,
      unit: "bytes",
    };
    const { container } = render(<AllocationBar resource={memory} />);
    expect(container.textContent).toBe("3\u00a0GB\u00a0/\u00a032\u00a0GB (9\u00a0%)");
  });
});
