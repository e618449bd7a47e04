import { describe, expect, it, vi } from "vitest";
import { act, renderHook, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router";
import type { ListQuery, ListSpec } from "./list-query.ts";
import { useListUrlState, type ListSource } from "./use-list-url-state.ts";

type Key = "search" | "colour";
const spec: ListSpec<"name" | "created", Key> = {
  sortKeys: ["name", "created"],
  defaultSort: "created",
  defaultOrder: (key) => (key === "created" ? "desc" : "asc"),
  filters: { search: { kind: "text" }, colour: { kind: "any-of", values: ["red", "blue"] } },
};
type Request = ListQuery<"name" | "created", Key>;

/** A source whose pages answer when the test says so. */
function sourceWithPages() {
  const pending = new Map<string, () => void>();
  const prefetch = vi.fn(
    (_client: QueryClient, request: Request) =>
      new Promise<void>((resolve) => {
        pending.set(request.filters.search?.[0] ?? "", resolve);
      }),
  );
  const source: ListSource<"name" | "created", Key, Request> = {
    spec,
    toRequest: (query) => query,
    search: { key: "search", queryKey: (request) => ["things", request], prefetch },
  };
  const answer = (search: string) => {
    pending.get(search)?.();
  };
  return { source, prefetch, answer };
}

function renderList(source: ListSource<"name" | "created", Key, Request>, url = "/things") {
  const client = new QueryClient();
  const cancel = vi.spyOn(client, "cancelQueries");
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  const hook = renderHook(() => ({ list: useListUrlState(source), search: useLocation().search }), {
    wrapper,
  });
  return { hook, cancel, url: () => new URLSearchParams(hook.result.current.search) };
}

describe("useListUrlState", () => {
  it("reads the list from the URL, and writes sort, page and size back to it", () => {
    const { source } = sourceWithPages();
    const { hook, url } = renderList(source, "/things?page=3&filter.colour=red");
    expect(hook.result.current.list.request).toMatchObject({
      page: 3,
      orderBy: "created",
      order: "desc",
      filters: { colour: ["red"] },
    });
    expect(hook.result.current.list.filtered).toBe(true);
    act(() => {
      hook.result.current.list.setSort({ orderBy: "name", order: "asc" });
    });
    // Another order is another list: back to its first page.
    expect(url().toString()).toBe("filter.colour=red&order=asc&orderBy=name");
    act(() => {
      hook.result.current.list.setPage(2);
    });
    act(() => {
      hook.result.current.list.setSize(50);
    });
    expect(url().get("size")).toBe("50");
    expect(url().has("page")).toBe(false);
  });

  it("applies a filter at once, on the first page, keeping the others", () => {
    const { source, prefetch } = sourceWithPages();
    const { hook, url } = renderList(source, "/things?page=2&filter.search=ab");
    act(() => {
      hook.result.current.list.setFilter("colour", ["blue", "red"]);
    });
    expect(url().getAll("filter.colour")).toEqual(["blue", "red"]);
    expect(url().get("filter.search")).toBe("ab");
    expect(url().has("page")).toBe(false);
    expect(prefetch).not.toHaveBeenCalled();
    act(() => {
      hook.result.current.list.clearFilters();
    });
    expect(url().toString()).toBe("");
  });

  it("writes a search once its page is in, and drops an older one a newer replaced", async () => {
    const { source, prefetch, answer } = sourceWithPages();
    const { hook, url, cancel } = renderList(source);
    act(() => {
      hook.result.current.list.setFilter("search", ["w"]);
    });
    act(() => {
      hook.result.current.list.setFilter("search", ["we"]);
    });
    expect(prefetch).toHaveBeenCalledTimes(2);
    // The older search's request is cancelled; nothing is written before its page is in.
    expect(cancel).toHaveBeenCalledWith({
      queryKey: ["things", expect.objectContaining({ filters: { search: ["w"] } })],
      exact: true,
    });
    expect(url().has("filter.search")).toBe(false);
    await act(async () => {
      answer("w");
      await Promise.resolve();
    });
    expect(url().has("filter.search")).toBe(false);
    await act(async () => {
      answer("we");
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(url().get("filter.search")).toBe("we");
    });
  });
});
