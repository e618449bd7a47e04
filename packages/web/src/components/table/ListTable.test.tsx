import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { ListView } from "../list/ListView.tsx";
import { ListTable } from "./ListTable.tsx";
import type { TableColumn } from "./table-column.ts";

interface Fruit {
  id: string;
  name: string;
  colour: string;
  origin: string;
}

const nameColumn: TableColumn<Fruit, "name"> = {
  id: "name",
  header: "Name",
  sortKey: "name",
  cell: (fruit) => fruit.name,
  priority: 0,
  minWidth: 10,
  grow: 1,
  rowHeader: true,
};
const columns: TableColumn<Fruit, "name">[] = [
  nameColumn,
  { id: "colour", header: "Colour", cell: (fruit) => fruit.colour, priority: 1, minWidth: 10 },
  { id: "origin", header: "Origin", cell: (fruit) => fruit.origin, priority: 2, minWidth: 10 },
  {
    id: "actions",
    header: "Actions",
    cell: (fruit) => <button type="button">Eat {fruit.name}</button>,
    priority: 0,
    minWidth: 20,
    unlabelledInCards: true,
  },
];
const fruits: Fruit[] = [
  { id: "a", name: "apple", colour: "red", origin: "Kazakhstan" },
  { id: "b", name: "banana", colour: "yellow", origin: "New Guinea" },
];
const fruitKey = (fruit: Fruit) => fruit.id;

/** The list's width as the browser would report it: the frame's box, then each resize. */
let widthPx = 0;
let resize: ((widthPx: number) => void) | undefined;

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(
    () => ({ width: widthPx }) as DOMRect,
  );
  vi.stubGlobal(
    "ResizeObserver",
    class {
      constructor(callback: ResizeObserverCallback) {
        resize = (px) => {
          callback([{ contentRect: { width: px } } as ResizeObserverEntry], this as never);
        };
      }
      observe() {
        // Sizes are reported by `resize`.
      }
      disconnect() {
        resize = undefined;
      }
    },
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderAt(px: number) {
  widthPx = px;
  return render(
    <MemoryRouter>
      <ListView>
        <ListTable
          label="Fruits"
          rows={fruits}
          rowKey={fruitKey}
          columns={columns}
          sort={{ orderBy: "name", order: "asc" }}
          onSort={vi.fn()}
          defaultOrder={() => "asc"}
        />
      </ListView>
    </MemoryRouter>,
  );
}

const headers = () =>
  within(screen.getByRole("table", { name: "Fruits" }))
    .getAllByRole("columnheader")
    .map((header) => header.textContent);

describe("ListTable", () => {
  it("shows the columns that fit the list's width, the lowest priority giving way first", () => {
    // 16 px a rem: 52 rem hold the essentials (30), colour and origin (10 each).
    renderAt(52 * 16);
    expect(headers()).toEqual(["Name▲", "Colour", "Origin", "Actions"]);
    act(() => {
      resize?.(45 * 16);
    });
    expect(headers()).toEqual(["Name▲", "Colour", "Actions"]);
    act(() => {
      resize?.(38 * 16);
    });
    expect(headers()).toEqual(["Name▲", "Actions"]);
    expect(screen.queryByText("Kazakhstan")).not.toBeInTheDocument();
    // Each row's actions stay in reach whatever the width.
    expect(screen.getByRole("button", { name: "Eat banana" })).toBeInTheDocument();
    act(() => {
      resize?.(30 * 16);
    });
    expect(screen.getByRole("table", { name: "Fruits" })).toHaveClass("is-cards");
  });

  it("shows each row as a card on a narrow list, every value with its label", () => {
    renderAt(22 * 16);
    const table = screen.getByRole("table", { name: "Fruits" });
    expect(table).toHaveClass("is-cards");
    const apple = screen.getByRole("rowheader", { name: "apple" }).closest("tr");
    if (!apple) throw new Error("no row for apple");
    expect(apple).toHaveTextContent("Colourred");
    expect(apple).toHaveTextContent("OriginKazakhstan");
    expect(within(apple).getByRole("button", { name: "Eat apple" })).toBeInTheDocument();
    // The labels are for the eye: a screen reader names a cell by its column header.
    expect(within(apple).getByText("Colour")).toHaveAttribute("aria-hidden", "true");
    // The sort stays at hand above the cards.
    expect(within(table).getByRole("button", { name: /Name/ })).toBeInTheDocument();
  });

  it("renders its rows once on the first render, with the columns that fit, even with every row at hand", () => {
    const origin = columns[2];
    if (!origin) throw new Error("no origin column");
    const originCell = vi.spyOn(origin, "cell");
    const nameCell = vi.spyOn(nameColumn, "cell");
    // 38 rem: no room for the origin. Measured before the table's first render, it is never drawn.
    renderAt(38 * 16);
    expect(headers()).toEqual(["Name▲", "Actions"]);
    expect(originCell).not.toHaveBeenCalled();
    expect(nameCell).toHaveBeenCalledTimes(fruits.length);
  });

  it("renders at once with the width this tab measured last at this window width", () => {
    renderAt(38 * 16);
    expect(window.sessionStorage.getItem(`list-width:${String(window.innerWidth)}`)).toBe("38");
    cleanup();
    // Nothing measurable this time (a box of 0, which alone would show every column): the rows
    // come with the remembered width's columns, in the first render.
    const originCell = vi.spyOn(columns[2] ?? nameColumn, "cell");
    renderAt(0);
    expect(headers()).toEqual(["Name▲", "Actions"]);
    expect(originCell).not.toHaveBeenCalled();
  });

  it("writes the width it remembers only when it changes (a window drag reports every frame)", () => {
    const write = vi.spyOn(Storage.prototype, "setItem");
    renderAt(52 * 16);
    expect(write).toHaveBeenCalledTimes(1);
    act(() => {
      resize?.(52 * 16);
      resize?.(52 * 16 + 2); // within the same quarter rem
    });
    expect(write).toHaveBeenCalledTimes(1);
    act(() => {
      resize?.(45 * 16);
    });
    expect(write).toHaveBeenCalledTimes(2);
    expect(window.sessionStorage.getItem(`list-width:${String(window.innerWidth)}`)).toBe("45");
  });

  it("corrects a remembered width before the first paint when the list's is another", () => {
    window.sessionStorage.setItem(`list-width:${String(window.innerWidth)}`, "52");
    renderAt(38 * 16);
    expect(headers()).toEqual(["Name▲", "Actions"]);
  });

  it("renders no row again when the width changes but the same columns fit", () => {
    renderAt(52 * 16);
    const cell = vi.spyOn(nameColumn, "cell");
    act(() => {
      // A scroll bar appears, say.
      resize?.(51 * 16);
    });
    expect(cell).not.toHaveBeenCalled();
    act(() => {
      resize?.(45 * 16);
    });
    expect(cell).toHaveBeenCalledTimes(2);
  });

  it("lays the shown columns out as the grid's tracks", () => {
    renderAt(45 * 16);
    const table = screen.getByRole("table", { name: "Fruits" });
    expect(table).not.toHaveClass("is-cards");
    expect(table.style.getPropertyValue("--list-table-columns")).toBe(
      "minmax(10rem, 1fr) 10rem 20rem",
    );
  });
});
