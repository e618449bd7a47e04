import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MultiSelectFilter } from "./MultiSelectFilter.tsx";

const options = [
  { value: "red", label: "Red" },
  { value: "green", label: "Green" },
  { value: "blue", label: "Blue" },
];

function Colours({ onChange }: { onChange: (values: string[]) => void }) {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <>
      <MultiSelectFilter
        label="Colour"
        legend="Colours to list"
        anyLabel="Any colour"
        options={options}
        selected={selected}
        onChange={(values) => {
          setSelected(values);
          onChange(values);
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

describe("MultiSelectFilter", () => {
  it("sums up the choice, and applies each tick at once in the options' order", async () => {
    const onChange = vi.fn();
    render(<Colours onChange={onChange} />);
    const toggle = screen.getByRole("button", { name: "Colour Any colour" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await userEvent.click(screen.getByRole("checkbox", { name: "Blue" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Red" }));
    expect(onChange).toHaveBeenLastCalledWith(["red", "blue"]);
    expect(screen.getByRole("button", { name: "Colour Red, Blue" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Select all" }));
    expect(onChange).toHaveBeenLastCalledWith(["red", "green", "blue"]);
    await userEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it("stays open while its boxes are clicked by their labels", async () => {
    const onChange = vi.fn();
    render(<Colours onChange={onChange} />);
    await userEvent.click(screen.getByRole("button", { name: /^Colour/ }));
    await userEvent.click(screen.getByText("Green"));
    await userEvent.click(screen.getByText("Blue"));
    expect(onChange).toHaveBeenLastCalledWith(["green", "blue"]);
    expect(screen.getByRole("button", { name: /^Colour/ })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
  });

  it("closes on Escape with the focus back on the field, and on a click outside", async () => {
    render(<Colours onChange={vi.fn()} />);
    const toggle = screen.getByRole("button", { name: /^Colour/ });
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole("checkbox", { name: "Green" }));
    await userEvent.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
    expect(screen.queryByRole("checkbox", { name: "Green" })).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(screen.getByRole("checkbox", { name: "Green" })).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });
});
