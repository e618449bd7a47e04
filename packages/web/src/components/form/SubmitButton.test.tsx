import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SubmitButton } from "./SubmitButton.tsx";

function renderForm(submitted: () => void, busy = false, disabled = false) {
  render(
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submitted();
      }}
    >
      <label htmlFor="name">Name</label>
      <input id="name" />
      <SubmitButton
        className="p-button--positive"
        busy={busy}
        busyLabel="Sending…"
        disabled={disabled}
      >
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

  it("keeps the focus of the keyboard user who sent, and sends nothing, while busy or disabled", async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    renderForm(submitted, true);
    const button = screen.getByRole("button", { name: "Sending…" });
    button.focus();
    await user.keyboard("{Enter}");
    await user.click(button);
    await user.type(screen.getByLabelText("Name"), "Ada{Enter}");
    expect(submitted).not.toHaveBeenCalled();
    // Still focusable: a natively disabled button would have dropped the focus to the body.
    button.focus();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute("aria-disabled", "true");
  });

  it("sends nothing while disabled", async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    renderForm(submitted, false, true);
    const button = screen.getByRole("button", { name: "Send" });
    expect(button).toHaveAttribute("aria-disabled", "true");
    await user.click(button);
    expect(submitted).not.toHaveBeenCalled();
  });
});
