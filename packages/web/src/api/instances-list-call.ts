import type { InstancesListParsed, ListRequest } from "@anbox-dashboard/contract";
import { joinedParam, pageParams, type ApiCall } from "./api-url.ts";

/** `GET /api/instances` for one page of the list (its own module: the early requests use it too). */
export function instancesListCall(request: InstancesListRequest): ApiCall {
  return {
    path: "/api/instances",
    params: {
      ...pageParams(request),
      status: joinedParam(request.status),
      type: request.type,
      app_name: request.app_name,
      image_name: request.image_name,
      node: request.node,
      tags: joinedParam(request.tags),
      subclusters: joinedParam(request.clusterIds),
    },
  };
}

/** What a page of the instance list asks for: the query of `GET /api/instances`, as parsed. */
export type InstancesListRequest = ListRequest<InstancesListParsed>;
