import { describe, expect, it } from "vitest";
import { readListParams } from "../../../components/list/url/list-params.ts";
import { isFiltered, readListQuery } from "../../../components/list/url/list-query.ts";
import { instanceListSpec, instancesRequestOf } from "./list-request.ts";

const queryFor = (query: string) =>
  readListQuery(instanceListSpec, readListParams(new URLSearchParams(query)));
const requestFor = (query: string) => instancesRequestOf(queryFor(query));

describe("instancesListRequest", () => {
  it("lists the newest first, 30 a page, by default", () => {
    const request = requestFor("");
    expect(request).toEqual({ page: 1, size: 30, orderBy: "created_at", order: "desc" });
    expect(isFiltered(queryFor(""))).toBe(false);
  });

  it("sorts words A to Z unless told otherwise", () => {
    expect(requestFor("orderBy=name")).toMatchObject({ orderBy: "name", order: "asc" });
    expect(requestFor("orderBy=node&order=desc")).toMatchObject({ orderBy: "node", order: "desc" });
  });

  it("takes every filter from the URL", () => {
    const url =
      "page=3&size=100&filter.search=web&filter.status=running&filter.status=error" +
      "&filter.type=vm&filter.app_name=game&filter.image_name=jammy&filter.node=lxd0" +
      "&filter.tag=b&filter.tag=a";
    const request = requestFor(url);
    expect(request).toEqual({
      page: 3,
      size: 100,
      orderBy: "created_at",
      order: "desc",
      search: "web",
      status: ["error", "running"],
      type: "vm",
      app_name: "game",
      image_name: "jammy",
      node: "lxd0",
      tags: ["a", "b"],
    });
    expect(isFiltered(queryFor(url))).toBe(true);
  });

  it("drops what the server would refuse, so that an edited link still lists", () => {
    expect(
      requestFor("orderBy=colour&filter.status=sleepy&filter.type=phone&filter.search=%20"),
    ).toEqual({ page: 1, size: 30, orderBy: "created_at", order: "desc" });
    expect(requestFor(`filter.search=${"x".repeat(80)}`).search).toHaveLength(63);
  });
});
