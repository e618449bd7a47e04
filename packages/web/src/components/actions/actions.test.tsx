import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { ActionButton } from "./ActionButton.tsx";
import { ActionLink } from "./ActionLink.tsx";
import { ReasonTip } from "./ReasonTip.tsx";

describe("an action with its reason", () => {
  it("is a button that acts when available, and disabled with its reason when not", async () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <ActionButton className="p-button" label="Delete web-1" reason={undefined} onClick={onClick}>
        Delete
      </ActionButton>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Delete web-1" }));
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <ActionButton className="p-button" label="Delete web-1" reason="It runs." onClick={onClick}>
        Delete
      </ActionButton>,
    );
    const button = screen.getByRole("button", { name: "Delete web-1" });
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).toHaveAttribute("title", "It runs.");
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("is a link when its page can be gone to, and a disabled button saying why when not", () => {
    const { rerender } = render(
      <MemoryRouter>
        <ActionLink className="p-button" to="/instances/new?app=a" reason={undefined}>
          Create instance
        </ActionLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "Create instance" })).toHaveAttribute(
      "href",
      "/instances/new?app=a",
    );
    rerender(
      <MemoryRouter>
        <ActionLink className="p-button" to="/instances/new?app=a" reason="Not ready yet.">
          Create instance
        </ActionLink>
      </MemoryRouter>,
    );
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create instance" })).toHaveAttribute(
      "title",
      "Not ready yet.",
    );
  });

  it("shows a refused action's reason beside it while the keyboard's focus is on it", async () => {
    render(
      <>
        <button type="button">Before</button>
        <ActionButton
          className="p-button"
          reason="You need can_delete on instance:lab/c1."
          onClick={vi.fn()}
        >
          Delete
        </ActionButton>
        <ActionButton className="p-button" reason={undefined} onClick={vi.fn()}>
          Stop
        </ActionButton>
        <ReasonTip />
      </>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Before" }));
    expect(document.querySelector(".reason-tip")).toBeNull();
    await userEvent.tab();
    expect(screen.getByRole("button", { name: "Delete" })).toHaveFocus();
    expect(document.querySelector(".reason-tip")).toHaveTextContent(
      "You need can_delete on instance:lab/c1.",
    );
    await userEvent.keyboard("{Escape}");
    expect(document.querySelector(".reason-tip")).toBeNull();
    await userEvent.tab();
    expect(document.querySelector(".reason-tip")).toBeNull();
    // A click shows the browser's own tooltip on hover: no second one.
    await userEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(document.querySelector(".reason-tip")).toBeNull();
  });
});
