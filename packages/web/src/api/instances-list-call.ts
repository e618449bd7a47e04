import type { InstanceListOrderBy, InstanceStatus, InstanceType } from "@anbox-dashboard/contract";
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

/** What a page of the instance list asks for (the query of `GET /api/instances`). */
export interface InstancesListRequest {
  page: number;
  size: number;
  order: "asc" | "desc";
  orderBy: InstanceListOrderBy;
  status?: readonly InstanceStatus[];
  type?: InstanceType;
  /** A part of the name. */
  search?: string;
  app_name?: string;
  image_name?: string;
  node?: string;
  /** Every one of these tags. */
  tags?: readonly string[];
  /** The clusters to list; all when absent. */
  clusterIds?: readonly string[];
}
