import { describe, expect, it, vi } from "vitest";
import { useState } from "react";
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

  it("takes the focus when opened, and Escape closes it with the focus back on its opener", async () => {
    const user = userEvent.setup();
    function Shell() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button
            type="button"
            aria-expanded={open}
            onClick={() => {
              setOpen(!open);
            }}
          >
            Get started
          </button>
          {open && (
            <SidePanel
              id="tour"
              title="Tour"
              onClose={() => {
                setOpen(false);
              }}
            >
              <a href="#step">Step one</a>
            </SidePanel>
          )}
        </>
      );
    }
    render(<Shell />);
    const opener = screen.getByRole("button", { name: "Get started" });
    await user.click(opener);
    const panel = screen.getByRole("complementary", { name: "Tour" });
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(panel).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("complementary", { name: "Tour" })).toBeNull();
    expect(opener).toHaveFocus();
  });
});
