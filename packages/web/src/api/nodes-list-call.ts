import type { ListRequest, NodesListParsed } from "@anbox-dashboard/contract";
import { joinedParam, pageParams, type ApiCall } from "./api-url.ts";

/** `GET /api/nodes` for one page of the list (its own module: the early requests use it too). */
export function nodesListCall(request: NodesListRequest): ApiCall {
  return {
    path: "/api/nodes",
    params: {
      ...pageParams(request),
      status: joinedParam(request.status),
      unschedulable:
        request.unschedulable === undefined ? undefined : String(request.unschedulable),
      subclusters: joinedParam(request.clusterIds),
    },
  };
}

/** What a page of the nodes list asks for: the query of `GET /api/nodes`, as parsed. */
export type NodesListRequest = ListRequest<NodesListParsed>;
