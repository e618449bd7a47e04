import { afterEach, describe, expect, it, vi } from "vitest";
import { apiUrl } from "./api/api-url.ts";
import { fetchInstances } from "./api/instances.ts";
import { fetchNodes } from "./api/nodes.ts";
import { fetchSessionInfo } from "./api/session-info.ts";
import { listRequestAt } from "./components/list/url/list-request-at.ts";
import { firstPageAt } from "./first-pages.ts";
import { instancesListSource } from "./pages/instances/list/instances-list-source.ts";
import { nodesListSource } from "./pages/nodes/nodes-list-source.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The address of every request `call` makes. */
async function addressesOf(call: () => Promise<unknown>): Promise<string[]> {
  const fetchMock = vi.fn((_url: URL | string) => Promise.resolve(Response.json({})));
  vi.stubGlobal("fetch", fetchMock);
  await call().catch(() => undefined);
  return fetchMock.mock.calls.map(([url]) => String(url));
}

const earlyAddresses = (pathname: string, search: string) =>
  (firstPageAt(pathname)?.firstCalls(search) ?? []).map((call) => apiUrl(call).href);

describe("the first calls started before the app runs", () => {
  it("are the very requests the nodes page makes first, whatever its address says", async () => {
    for (const search of [
      "",
      "?orderBy=cpu&order=desc&page=2&size=50&filter.status=online&filter.search=lxd",
    ]) {
      const page = await addressesOf(() => fetchNodes(listRequestAt(nodesListSource, search)));
      const session = await addressesOf(() => fetchSessionInfo(undefined));
      expect(earlyAddresses("/nodes", search)).toEqual([...session, ...page]);
    }
  });

  it("are the very requests the instances page makes first", async () => {
    for (const search of [
      "",
      "?filter.status=running&filter.status=stopped&orderBy=name&size=100&filter.search=web",
    ]) {
      const page = await addressesOf(() =>
        fetchInstances(listRequestAt(instancesListSource, search)),
      );
      const session = await addressesOf(() => fetchSessionInfo(undefined));
      expect(earlyAddresses("/instances", search)).toEqual([...session, ...page]);
    }
  });

  it("are none on the other pages", () => {
    for (const pathname of ["/", "/applications", "/login", "/stream/abc", "/nodes/x"]) {
      expect(firstPageAt(pathname)).toBeUndefined();
    }
  });
});
