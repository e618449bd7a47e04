import { describe, expect, it } from "vitest";
import { readListParams, writeListParams } from "./list-params.ts";

describe("readListParams", () => {
  it("gives the defaults for an empty query", () => {
    expect(readListParams(new URLSearchParams())).toEqual({
      order: undefined,
      orderBy: undefined,
      page: 1,
      size: 30,
      filters: {},
      status: undefined,
    });
  });

  it("reads every param, filters by field", () => {
    const search = new URLSearchParams(
      "order=desc&orderBy=name&page=3&size=100&status=running&filter.tag=a&filter.tag=b&filter.node=n1",
    );
    expect(readListParams(search)).toEqual({
      order: "desc",
      orderBy: "name",
      page: 3,
      size: 100,
      filters: { tag: ["a", "b"], node: ["n1"] },
      status: "running",
    });
  });

  it("falls back to defaults for malformed values", () => {
    const search = new URLSearchParams("order=up&page=-2&size=40");
    expect(readListParams(search)).toMatchObject({ order: undefined, page: 1, size: 30 });
    expect(readListParams(new URLSearchParams("page=1.5")).page).toBe(1);
  });
});

describe("writeListParams", () => {
  it("keeps other params, leaves defaults out and does not touch its input", () => {
    const search = new URLSearchParams("panel=details&page=4");
    const next = writeListParams(search, { page: 2 });
    expect(next.toString()).toBe("panel=details&page=2");
    expect(search.toString()).toBe("panel=details&page=4");
    expect(writeListParams(next, { page: 1 }).toString()).toBe("panel=details");
  });

  it("goes back to page 1 when what is listed changes", () => {
    const search = new URLSearchParams("page=4");
    expect(writeListParams(search, { size: 50 }).toString()).toBe("size=50");
    expect(writeListParams(search, { status: "error" }).toString()).toBe("status=error");
    expect(writeListParams(search, { order: "asc", orderBy: "name" }).toString()).toBe(
      "order=asc&orderBy=name",
    );
  });

  it("replaces all filters and round-trips", () => {
    const search = new URLSearchParams("filter.tag=old&size=100");
    const next = writeListParams(search, { filters: { tag: ["x", "y"] }, size: 30 });
    expect(next.getAll("filter.tag")).toEqual(["x", "y"]);
    expect(next.has("size")).toBe(false);
    expect(readListParams(next).filters).toEqual({ tag: ["x", "y"] });
  });
});
