import { describe, expect, it } from "vitest";
import { fitColumns } from "../../../components/table/fit-columns.ts";
import { imageColumns } from "./image-columns.tsx";

const columns = imageColumns({ onAction: () => undefined, showCluster: false });

/** The list's width (rem) in a window 375, 768, 1280 and 1920 wide, beside the navigation. */
const listWidthsRem = { 375: 21, 768: 41, 1280: 73, 1920: 102 };

describe("the images list's columns", () => {
  it("keep the type at every width: an image's container and VM rows share their name", () => {
    for (const [window, width] of Object.entries(listWidthsRem)) {
      const shown = fitColumns(columns, width).columns.map((column) => column.id);
      expect(shown, `${window} wide`).toEqual(expect.arrayContaining(["name", "type", "status"]));
    }
  });

  it("show the type as a column of the table, not only in cards, from a tablet's width", () => {
    const layout = fitColumns(columns, listWidthsRem[768]);
    expect(layout.kind).toBe("table");
    expect(layout.columns.map((column) => column.id)).toContain("type");
  });
});
