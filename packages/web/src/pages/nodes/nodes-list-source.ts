import {
  nodeListOrderBy,
  nodeSearchMaxLength,
  nodeStatuses,
  type NodeListOrderBy,
} from "@anbox-dashboard/contract";
import type { NodesListRequest } from "../../api/nodes.ts";
import type { SortOrder } from "../../components/list/url/list-params.ts";
import {
  filterValue,
  filterValues,
  type ListQuery,
  type ListSpec,
} from "../../components/list/url/list-query.ts";
import { pageRequestOf } from "../../components/list/url/page-request.ts";
import type { ListSource } from "../../components/list/url/use-list-url-state.ts";

/** The filters of the nodes list, by their URL name (`filter.status=online`). */
export type NodeFilterKey = "search" | "status" | "scheduling";

export const schedulingValues = ["schedulable", "unschedulable"] as const;

/** Fullest first for the resources and the instance count; words A to Z. */
export function defaultNodeOrderFor(orderBy: NodeListOrderBy): SortOrder {
  return orderBy === "name" || orderBy === "status" || orderBy === "architecture" ? "asc" : "desc";
}

const nodeListSpec: ListSpec<NodeListOrderBy, NodeFilterKey> = {
  sortKeys: nodeListOrderBy,
  defaultSort: "name",
  defaultOrder: defaultNodeOrderFor,
  filters: {
    // A part of a name or of an address, no longer than the server takes.
    search: { kind: "text", maxLength: nodeSearchMaxLength },
    status: { kind: "any-of", values: nodeStatuses },
    scheduling: { kind: "one-of", values: schedulingValues },
  },
};

export type NodeListQuery = ListQuery<NodeListOrderBy, NodeFilterKey>;

/** The request of `GET /api/nodes` for the page the list state describes. */
export function nodesRequestOf(query: NodeListQuery): NodesListRequest {
  const request: NodesListRequest = pageRequestOf(query);
  const search = filterValue(query, "search");
  if (search !== undefined) request.search = search;
  const status = filterValues(query, "status", nodeStatuses);
  if (status.length > 0) request.status = status;
  const [scheduling] = filterValues(query, "scheduling", schedulingValues);
  if (scheduling !== undefined) request.unschedulable = scheduling === "unschedulable";
  return request;
}

/** Where the nodes list's pages come from. */
export const nodesListSource: ListSource<NodeListOrderBy, NodeFilterKey, NodesListRequest> = {
  spec: nodeListSpec,
  toRequest: nodesRequestOf,
};
