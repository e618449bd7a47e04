import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRef, useState } from "react";
import { useOverlayFocus } from "./use-overlay-focus.ts";

function Panel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLElement>(null);
  useOverlayFocus(ref, { active: open, onClose });
  return (
    <aside ref={ref} aria-label="Details" hidden={!open}>
      <button type="button" onClick={onClose}>
        Close
      </button>
      <a href="#more">More</a>
    </aside>
  );
}

function Page({ onEscape = () => undefined }: { onEscape?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
      >
        Open details
      </button>
      <button type="button">After</button>
      <Panel
        open={open}
        onClose={() => {
          onEscape();
          setOpen(false);
        }}
      />
    </>
  );
}

describe("useOverlayFocus", () => {
  it("moves the focus in, keeps Tab and Shift+Tab inside, and gives it back on Escape", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Page onEscape={onClose} />);
    await user.click(screen.getByRole("button", { name: "Open details" }));
    const close = screen.getByRole("button", { name: "Close" });
    expect(close).toHaveFocus();

    await user.tab();
    expect(screen.getByRole("link", { name: "More" })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole("link", { name: "More" })).toHaveFocus();

    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Open details" })).toHaveFocus();
  });

  it("gives the focus back when closed by its own button", async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole("button", { name: "Open details" }));
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.getByRole("button", { name: "Open details" })).toHaveFocus();
  });

  it("leaves the focus where the user put it outside the panel", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    function Outside() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button
            type="button"
            onClick={() => {
              setOpen(false);
            }}
          >
            Elsewhere
          </button>
          {open && <Panel open onClose={onClose} />}
        </>
      );
    }
    render(<Outside />);
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(screen.getByRole("button", { name: "Elsewhere" })).toHaveFocus();
    // Escape outside the panel is not the panel's.
    await user.keyboard("{Escape}");
    expect(onClose).not.toHaveBeenCalled();
  });
});
