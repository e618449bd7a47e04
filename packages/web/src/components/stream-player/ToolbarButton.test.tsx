import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { ToolbarButton } from "./ToolbarButton.tsx";

/** The Rotate right button, in `container` when given (a player's box). */
function renderButton(container?: HTMLElement) {
  render(
    <ToolbarButton label="Rotate right" icon="rotate-right" shortcut="rotate" onClick={vi.fn()} />,
    container ? { container } : {},
  );
  const button = screen.getByRole("button", { name: "Rotate right" });
  const tooltip = button.nextElementSibling;
  if (!(tooltip instanceof HTMLElement)) throw new Error("no tooltip");
  return { button, tooltip };
}

function placeTooltip(tooltip: HTMLElement, left: number, width: number) {
  vi.spyOn(tooltip, "getBoundingClientRect").mockReturnValue(new DOMRect(left, 40, width, 28));
}

describe("ToolbarButton", () => {
  it("moves its tooltip into the window where, centred under the button, it would stick out", () => {
    vi.spyOn(document.documentElement, "clientWidth", "get").mockReturnValue(375);
    const { button, tooltip } = renderButton();
    // The first button at the window's left edge: centred, the tooltip starts 60 px left of it.
    placeTooltip(tooltip, -60, 200);
    fireEvent.mouseEnter(button);
    expect(tooltip.style.getPropertyValue("--tooltip-shift")).toBe("64px");
    // The last button at the right edge, reached with the keyboard.
    placeTooltip(tooltip, 300, 200);
    fireEvent.focus(button);
    expect(tooltip.style.getPropertyValue("--tooltip-shift")).toBe("-129px");
    // Room on both sides: centred.
    placeTooltip(tooltip, 100, 200);
    fireEvent.mouseEnter(button);
    expect(tooltip.style.getPropertyValue("--tooltip-shift")).toBe("0px");
    // Still shown when the player goes full screen and its toolbar moves to the window's edge.
    placeTooltip(tooltip, -60, 200);
    fireEvent(document, new Event("fullscreenchange"));
    expect(tooltip.style.getPropertyValue("--tooltip-shift")).toBe("64px");
  });

  it("keeps its tooltip within its player, which a navigation rail beside it would cover", () => {
    vi.spyOn(document.documentElement, "clientWidth", "get").mockReturnValue(1280);
    const player = document.createElement("div");
    player.className = "stream-player";
    document.body.append(player);
    vi.spyOn(player, "getBoundingClientRect").mockReturnValue(new DOMRect(240, 0, 1000, 600));
    const { button, tooltip } = renderButton(player);
    // In the window, but 30 px of it under the rail left of the player.
    placeTooltip(tooltip, 210, 100);
    fireEvent.focus(button);
    expect(tooltip.style.getPropertyValue("--tooltip-shift")).toBe("34px");
    // At the player's right edge.
    placeTooltip(tooltip, 1200, 100);
    fireEvent.mouseEnter(button);
    expect(tooltip.style.getPropertyValue("--tooltip-shift")).toBe("-64px");
    player.remove();
  });
});
