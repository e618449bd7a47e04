import { describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ListPagination } from "./ListPagination.tsx";

const noun = { one: "door", other: "doors" };

describe("ListPagination", () => {
  it("says where the page is in the list, in the list's own words", () => {
    render(
      <ListPagination
        noun={noun}
        page={2}
        size={30}
        total={1234}
        onPage={vi.fn()}
        onSize={vi.fn()}
      />,
    );
    const nav = screen.getByRole("navigation", { name: "Pages of doors" });
    expect(within(nav).getByText("Showing 31–60 of 1,234")).toBeInTheDocument();
    expect(within(nav).getByText("Page 2 of 42")).toBeInTheDocument();
  });

  it("moves between pages, and disables what leads nowhere", async () => {
    const onPage = vi.fn();
    const onSize = vi.fn();
    render(
      <ListPagination noun={noun} page={1} size={50} total={120} onPage={onPage} onSize={onSize} />,
    );
    expect(screen.getByRole("button", { name: "First" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await userEvent.click(screen.getByRole("button", { name: "Last" }));
    expect(onPage.mock.calls).toEqual([[2], [3]]);
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Per page" }), "100");
    expect(onSize).toHaveBeenCalledWith(100);
  });

  it("says so when the list is empty", () => {
    render(
      <ListPagination noun={noun} page={1} size={30} total={0} onPage={vi.fn()} onSize={vi.fn()} />,
    );
    expect(screen.getByText("No doors")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Last" })).toBeDisabled();
  });
});
