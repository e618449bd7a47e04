import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SidePanel } from "./SidePanel.tsx";

describe("SidePanel", () => {
  it("has its id, size and title, and fires a resize event when it opens, resizes and closes", async () => {
    const onResize = vi.fn();
    window.addEventListener("resize", onResize);
    const onClose = vi.fn();
    const { rerender, unmount } = render(
      <SidePanel id="details" title="Details" onClose={onClose}>
        <p>Body</p>
      </SidePanel>,
    );
    const panel = screen.getByRole("complementary", { name: "Details" });
    expect(panel).toHaveAttribute("id", "details");
    expect(panel).not.toHaveClass("is-wide");
    expect(onResize).toHaveBeenCalledTimes(1);

    rerender(
      <SidePanel id="details" title="Details" size="wide" onClose={onClose}>
        <p>Body</p>
      </SidePanel>,
    );
    expect(panel).toHaveClass("is-wide");
    expect(onResize.mock.calls.length).toBeGreaterThan(1);

    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalled();
    const before = onResize.mock.calls.length;
    unmount();
    expect(onResize.mock.calls.length).toBe(before + 1);
    window.removeEventListener("resize", onResize);
  });
});
