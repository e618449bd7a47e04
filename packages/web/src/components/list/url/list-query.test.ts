import { describe, expect, it } from "vitest";
import { readListParams } from "./list-params.ts";
import {
  filterValue,
  filterValues,
  isFiltered,
  readListQuery,
  type ListSpec,
} from "./list-query.ts";

const spec: ListSpec<"name" | "created", "search" | "colour" | "size" | "tag"> = {
  sortKeys: ["name", "created"],
  defaultSort: "created",
  defaultOrder: (key) => (key === "created" ? "desc" : "asc"),
  filters: {
    search: { kind: "text", maxLength: 5 },
    colour: { kind: "any-of", values: ["red", "green", "blue"] },
    size: { kind: "one-of", values: ["S", "M", "L"] },
    tag: { kind: "all-of" },
  },
};
const queryOf = (url: string) => readListQuery(spec, readListParams(new URLSearchParams(url)));

describe("readListQuery", () => {
  it("takes the default sort, in its own direction, and no filter", () => {
    const query = queryOf("");
    expect(query).toEqual({ page: 1, size: 30, orderBy: "created", order: "desc", filters: {} });
    expect(isFiltered(query)).toBe(false);
    expect(queryOf("orderBy=name")).toMatchObject({ orderBy: "name", order: "asc" });
    expect(queryOf("orderBy=name&order=desc")).toMatchObject({ order: "desc" });
  });

  it("reads each kind of filter, in a fixed order so that equal filters share a cache entry", () => {
    const query = queryOf(
      "filter.search=%20web%20&filter.colour=blue&filter.colour=red&filter.size=M&filter.size=L" +
        "&filter.tag=b&filter.tag=a&filter.tag=b&page=2&size=50",
    );
    expect(query.filters).toEqual({
      search: ["web"],
      colour: ["red", "blue"],
      size: ["M"],
      tag: ["a", "b"],
    });
    expect(query).toMatchObject({ page: 2, size: 50 });
    expect(isFiltered(query)).toBe(true);
    expect(filterValue(query, "search")).toBe("web");
    expect(filterValues(query, "colour", ["red", "green"] as const)).toEqual(["red"]);
  });

  it("drops what the server would refuse, so that an edited link still lists", () => {
    const query = queryOf(
      "orderBy=colour&filter.colour=pink&filter.size=XL&filter.search=%20&filter.shape=round",
    );
    expect(query).toEqual({ page: 1, size: 30, orderBy: "created", order: "desc", filters: {} });
    expect(queryOf("filter.search=abcdefgh").filters.search).toEqual(["abcde"]);
  });
});
