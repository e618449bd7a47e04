import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SubmitButton } from "./SubmitButton.tsx";

function renderForm(submitted: () => void, busy = false) {
  render(
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submitted();
      }}
    >
      <label htmlFor="name">Name</label>
      <input id="name" />
      <SubmitButton className="p-button--positive" busy={busy} busyLabel="Sending…">
        Send
      </SubmitButton>
    </form>,
  );
}

describe("SubmitButton", () => {
  it("sends the form without taking the focus from the field at the press", async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    renderForm(submitted);
    await user.type(screen.getByLabelText("Name"), "Ada");
    const button = screen.getByRole("button", { name: "Send" });
    // Pressed but not released yet: the field has not been left, so its message cannot move
    // the button away from under the pointer.
    await user.pointer({ keys: "[MouseLeft>]", target: button });
    expect(screen.getByLabelText("Name")).toHaveFocus();
    await user.pointer({ keys: "[/MouseLeft]", target: button });
    expect(submitted).toHaveBeenCalledOnce();
  });

  it("says what is under way while busy", () => {
    renderForm(vi.fn(), true);
    const button = screen.getByRole("button", { name: "Sending…" });
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(button).toHaveAttribute("type", "submit");
  });
});
