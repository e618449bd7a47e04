// The one table of the pages that start early: which pages, what code and what data each starts
// before the app has run. Read by the early-requests script (early-requests.ts: the calls, and
// the files the build wrote for the module), the build (performance/early-requests-plugin.ts
// writes each module's files into index.html, and the modules by address beside its manifest,
// where the first-load budget and its end-to-end check read them), and the router (router.tsx:
// each page's data preload, for the same addresses, checked by the type of its table). Only the
// pages whose first paint is measured against a target are here. The early-requests script
// carries it: it imports what names the calls, no React and no schemas.
import type { ApiCall } from "./api/api-url.ts";
import { instancesListCall } from "./api/instances-list-call.ts";
import { nodesListCall } from "./api/nodes-list-call.ts";
import { listRequestAt } from "./components/list/url/list-request-at.ts";
import { instanceListSpec, instancesRequestOf } from "./pages/instances/list/list-request.ts";
import { nodesListSource } from "./pages/nodes/nodes-list-source.ts";

export interface FirstPage {
  /** The module the router loads lazily for the page. */
  module: string;
  /**
   * The calls the page makes before it can show anything, for the query of its address: the
   * session check and the list's first page, the very requests its route's data preload makes.
   */
  firstCalls: (search: string) => ApiCall[];
}

/** The session check every signed-in page starts with (`RequireSession`, `preloadSessionInfo`). */
const sessionInfoCall: ApiCall = { path: "/api/info" };

/**
 * The instances list's source without its quick search (`instancesListSource` brings the query
 * layer with it): enough to name its first page.
 */
const instancesFirstPage = { spec: instanceListSpec, toRequest: instancesRequestOf };

export const firstPages = {
  "/instances": {
    module: "src/pages/instances/InstancesPage.tsx",
    firstCalls: (search) => [
      sessionInfoCall,
      instancesListCall(listRequestAt(instancesFirstPage, search)),
    ],
  },
  "/nodes": {
    module: "src/pages/nodes/NodesPage.tsx",
    firstCalls: (search) => [
      sessionInfoCall,
      nodesListCall(listRequestAt(nodesListSource, search)),
    ],
  },
} as const satisfies Record<string, FirstPage>;

export type FirstPagePath = keyof typeof firstPages;

export function isFirstPagePath(pathname: string): pathname is FirstPagePath {
  return Object.hasOwn(firstPages, pathname);
}

/** The page at this address, if it is one that starts early. */
export function firstPageAt(pathname: string): FirstPage | undefined {
  return isFirstPagePath(pathname) ? firstPages[pathname] : undefined;
}

/** The id of index.html's JSON of those files: `{ [module]: ["/assets/…js", "/assets/…css"] }`. */
export const firstPageFilesId = "first-page-files";
