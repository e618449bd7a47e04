import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { Modal } from "./Modal.tsx";

function Opener({ removeOpenerOnClose = false }: { removeOpenerOnClose?: boolean }) {
  const [open, setOpen] = useState(false);
  const [openerShown, setOpenerShown] = useState(true);
  const close = () => {
    setOpen(false);
    if (removeOpenerOnClose) setOpenerShown(false);
  };
  return (
    <>
      <main id="main-content">
        <h1 tabIndex={-1}>Instances</h1>
      </main>
      {openerShown && (
        <button
          type="button"
          onClick={() => {
            setOpen(true);
          }}
        >
          Delete
        </button>
      )}
      <button type="button">Elsewhere</button>
      {open && (
        <Modal
          title="Delete it?"
          close={close}
          buttonRow={
            <button type="button" onClick={close}>
              Cancel
            </button>
          }
        >
          <p>Gone for good.</p>
        </Modal>
      )}
    </>
  );
}

describe("Modal", () => {
  it("takes the focus, keeps Tab inside, and gives it back to its opener on Escape", async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = screen.getByRole("dialog", { name: "Delete it?" });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    // Close button, Cancel, then back to the close button: never out of the dialog.
    await user.tab();
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delete" })).toHaveFocus();
  });

  it("gives the focus back when closed by one of its buttons", async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("button", { name: "Delete" })).toHaveFocus();
  });

  it("gives the focus to the page's heading when its opener is gone", async () => {
    const user = userEvent.setup();
    render(<Opener removeOpenerOnClose />);
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await user.keyboard("{Escape}");
    expect(screen.getByRole("heading", { name: "Instances" })).toHaveFocus();
  });

  it("gives the focus to the page's heading when nothing opened it", () => {
    function ShownAtOnce() {
      const [open, setOpen] = useState(true);
      return (
        <main id="main-content">
          <h1 tabIndex={-1}>Instances</h1>
          {open && (
            <Modal
              title="Important update"
              close={() => {
                setOpen(false);
              }}
            >
              <p>News.</p>
            </Modal>
          )}
        </main>
      );
    }
    render(<ShownAtOnce />);
    expect(screen.getByRole("dialog")).toContainElement(document.activeElement as HTMLElement);
    screen.getByRole("button", { name: "Close active modal" }).click();
    return screen.findByRole("heading", { name: "Instances" }).then((heading) => {
      expect(heading).toHaveFocus();
    });
  });
});
