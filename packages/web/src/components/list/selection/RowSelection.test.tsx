import { describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MemoryRouter } from "react-router";
import { ListTable } from "../../table/ListTable.tsx";
import type { TableColumn } from "../../table/table-column.ts";
import { BulkActionsBar } from "./BulkActionsBar.tsx";
import { BulkConfirmModal } from "./BulkConfirmModal.tsx";
import { planBulkAction, type BulkPlan, type BulkRules } from "./bulk-plan.ts";
import { useRowSelection } from "./use-row-selection.ts";

interface Door {
  id: string;
  name: string;
  open: boolean;
}
type Action = "open" | "close";
const noun = { one: "door", other: "doors" };
const doorKey = (door: Door) => door.id;
const rules: BulkRules<Door, Action> = {
  key: doorKey,
  name: (door) => door.name,
  whyNot: (action, door) =>
    (action === "open") === door.open ? `Already ${door.open ? "open" : "closed"}.` : undefined,
};
const plan = (action: Action, selected: readonly Door[]) => planBulkAction(rules, action, selected);
const columns: TableColumn<Door>[] = [
  { id: "name", header: "Name", cell: (door) => door.name, priority: 0, minWidth: 10 },
];
const selectLabel = (door: Door) => `Select ${door.name}`;

/** A list of doors with bulk open and close, as a page would put the kit together. */
function Doors({
  doors,
  scope,
  onRun,
}: {
  doors: Door[];
  scope: string;
  onRun: (plan: BulkPlan<Door, Action>) => void;
}) {
  const selection = useRowSelection(doors, doorKey, scope);
  const [confirming, setConfirming] = useState<BulkPlan<Door, Action>>();
  return (
    <MemoryRouter>
      <BulkActionsBar
        noun={noun}
        selected={selection.selected}
        actions={[
          { action: "open", label: "Open", participle: "opened" },
          { action: "close", label: "Close", participle: "closed" },
        ]}
        plan={plan}
        onAction={(action) => {
          setConfirming(plan(action, selection.selected));
        }}
        onClearSelection={selection.clear}
        underWay={undefined}
      />
      <ListTable
        label="Doors"
        rows={doors}
        rowKey={doorKey}
        columns={columns}
        selection={{
          keys: selection.keys,
          onToggle: selection.toggle,
          onToggleAll: selection.setAll,
          rowLabel: selectLabel,
          allLabel: "Select all doors on this page",
        }}
      />
      {confirming && (
        <BulkConfirmModal
          noun={noun}
          verb="Open"
          names={confirming.applicable.map((door) => door.name)}
          leftOut={confirming.leftOut}
          destructive={false}
          onConfirm={() => {
            onRun(confirming);
            setConfirming(undefined);
            selection.clear();
          }}
          onCancel={() => {
            setConfirming(undefined);
          }}
        />
      )}
    </MemoryRouter>
  );
}

const doors: Door[] = [
  { id: "1", name: "front", open: false },
  { id: "2", name: "back", open: true },
  { id: "3", name: "garage", open: false },
];

describe("row selection and bulk plans", () => {
  it("says why a bulk action cannot run, until it can", async () => {
    render(<Doors doors={doors} scope="p1" onRun={vi.fn()} />);
    const bar = screen.getByRole("group", { name: "Bulk actions" });
    expect(within(bar).getByRole("button", { name: "Open" })).toHaveAttribute(
      "title",
      "Select doors first.",
    );
    await userEvent.click(screen.getByRole("checkbox", { name: "Select back" }));
    expect(within(bar).getByText("1 selected")).toBeInTheDocument();
    expect(within(bar).getByRole("button", { name: "Open" })).toHaveAttribute(
      "title",
      "None of the selected doors can be opened.",
    );
    expect(within(bar).getByRole("button", { name: "Close" })).toBeEnabled();
    const all = screen.getByRole("checkbox", { name: "Select all doors on this page" });
    expect(all).toHaveProperty("indeterminate", true);
  });

  it("confirms what applies and what is left out, and why, then runs on what applies", async () => {
    const onRun = vi.fn();
    render(<Doors doors={doors} scope="p1" onRun={onRun} />);
    await userEvent.click(screen.getByRole("checkbox", { name: "Select all doors on this page" }));
    expect(screen.getByRole("checkbox", { name: "Select garage" })).toBeChecked();
    await userEvent.click(
      within(screen.getByRole("group", { name: "Bulk actions" })).getByRole("button", {
        name: "Open",
      }),
    );
    const dialog = screen.getByRole("dialog", { name: "Open 2 doors?" });
    expect(dialog).toHaveTextContent("Open: front, garage.");
    expect(dialog).toHaveTextContent("Left out (1):back: Already open.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Open 2 doors" }));
    expect(onRun).toHaveBeenCalledWith(
      expect.objectContaining({
        action: "open",
        leftOut: [expect.objectContaining({ name: "back" })],
      }),
    );
    expect(screen.getByRole("checkbox", { name: "Select front" })).not.toBeChecked();
  });

  it("starts empty on another page, so that a bulk action never reaches rows out of sight", async () => {
    const { rerender } = render(<Doors doors={doors} scope="p1" onRun={vi.fn()} />);
    await userEvent.click(screen.getByRole("checkbox", { name: "Select front" }));
    rerender(<Doors doors={doors} scope="p2" onRun={vi.fn()} />);
    expect(screen.getByRole("checkbox", { name: "Select front" })).not.toBeChecked();
    expect(screen.getByText("None selected")).toBeInTheDocument();
  });
});
