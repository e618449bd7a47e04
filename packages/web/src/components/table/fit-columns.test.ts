import { describe, expect, it } from "vitest";
import { fitColumns } from "./fit-columns.ts";
import type { TableColumn } from "./table-column.ts";

const column = (
  id: string,
  priority: number,
  minWidth: number,
  extra: Partial<TableColumn<string>> = {},
): TableColumn<string> => ({ id, header: id, cell: (row) => row, priority, minWidth, ...extra });

// Declared in reading order; priorities say which give way first.
const columns = [
  column("name", 0, 10, { grow: 2 }),
  column("status", 0, 6),
  column("tags", 3, 8, { grow: 1 }),
  column("node", 4, 6),
  column("created", 2, 8),
  column("resources", 5, 10, { hideInCards: true }),
  column("actions", 0, 12),
];
const ids = (layout: ReturnType<typeof fitColumns>) => layout.columns.map((item) => item.id);

describe("fitColumns", () => {
  it("shows every column when the width is not known", () => {
    const layout = fitColumns(columns, undefined);
    expect(layout.kind).toBe("table");
    expect(ids(layout)).toEqual([
      "name",
      "status",
      "tags",
      "node",
      "created",
      "resources",
      "actions",
    ]);
  });

  it("hides the highest priority numbers first, keeping the declared order", () => {
    // 28 for the essentials and 2.5 for the boxes; created (8) fits in 40, tags (8) does not.
    const layout = fitColumns(columns, 40, 2.5);
    expect(ids(layout)).toEqual(["name", "status", "created", "actions"]);
    expect(ids(fitColumns(columns, 46.5, 2.5))).toEqual([
      "name",
      "status",
      "tags",
      "created",
      "actions",
    ]);
    expect(ids(fitColumns(columns, 70, 2.5))).toHaveLength(7);
  });

  it("never shows a column while a more important one is hidden, even if it would fit", () => {
    const wide = [column("name", 0, 10), column("notes", 1, 30), column("id", 2, 4)];
    expect(ids(fitColumns(wide, 39))).toEqual(["name"]);
    expect(ids(fitColumns(wide, 44))).toEqual(["name", "notes", "id"]);
  });

  it("gives each shown column its least width, and the growing ones a share of the rest", () => {
    const layout = fitColumns(columns, 40, 2.5);
    expect(layout.kind === "table" && layout.tracks).toEqual([
      "minmax(10rem, 2fr)",
      "6rem",
      "8rem",
      "12rem",
    ]);
  });

  it("shows cards on a narrow list, or when the essential columns do not fit", () => {
    const narrow = fitColumns(columns, 30);
    expect(narrow.kind).toBe("cards");
    // A card shows every column but those left off cards.
    expect(ids(narrow)).toEqual(["name", "status", "tags", "node", "created", "actions"]);
    const cramped = [column("name", 0, 30), column("actions", 0, 12)];
    expect(fitColumns(cramped, 40).kind).toBe("cards");
    expect(fitColumns(cramped, 42).kind).toBe("table");
  });
});
