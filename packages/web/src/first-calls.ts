import type { ApiCall } from "./api/api-url.ts";
import { instancesListCall } from "./api/instances-list-call.ts";
import { nodesListCall } from "./api/nodes-list-call.ts";
import { listRequestAt } from "./components/list/url/list-request-at.ts";
import { instanceListSpec, instancesRequestOf } from "./pages/instances/list/list-request.ts";
import { nodesListSource } from "./pages/nodes/nodes-list-source.ts";

/**
 * The instances list's source without its quick search (`instancesListSource` brings the query
 * layer with it): enough to name its first page.
 */
const instancesFirstPage = { spec: instanceListSpec, toRequest: instancesRequestOf };

/** The session check every signed-in page starts with (`RequireSession`, `preloadSessionInfo`). */
const sessionInfoCall: ApiCall = { path: "/api/info" };

/**
 * The calls a page makes before it can show anything, by its address: the session check and the
 * list's first page, as the routes' `preloadData` ask for them (router.tsx). Only the pages whose
 * first paint is measured against a target are here (the instances and the nodes lists).
 */
export function firstCallsOf({
  pathname,
  search,
}: {
  pathname: string;
  search: string;
}): ApiCall[] {
  switch (pathname) {
    case "/instances":
      return [sessionInfoCall, instancesListCall(listRequestAt(instancesFirstPage, search))];
    case "/nodes":
      return [sessionInfoCall, nodesListCall(listRequestAt(nodesListSource, search))];
    default:
      return [];
  }
}
