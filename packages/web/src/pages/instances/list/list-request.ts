import {
  instanceOrderKeys,
  instanceNameMaxLength,
  instanceStatuses,
  instanceTypes,
  type InstanceListOrderBy,
} from "@anbox-dashboard/contract";
import type { InstancesListRequest } from "../../../api/instances.ts";
import type { SortOrder } from "../../../components/list/url/list-params.ts";
import {
  filterValue,
  filterValues,
  type ListQuery,
  type ListSpec,
} from "../../../components/list/url/list-query.ts";

/**
 * The filters of the instance list, by their URL name (`filter.<key>=value`). `status` and `tag`
 * may be given several times; the others once.
 */
export const instanceFilterKeys = [
  "search",
  "status",
  "type",
  "app_name",
  "image_name",
  "node",
  "tag",
] as const;
export type InstanceFilterKey = (typeof instanceFilterKeys)[number];

/** Times read best newest first; words A to Z. */
export function defaultOrderFor(orderBy: InstanceListOrderBy): SortOrder {
  return orderBy === "created_at" ? "desc" : "asc";
}

/** What the instance list takes from the URL. */
export const instanceListSpec: ListSpec<InstanceListOrderBy, InstanceFilterKey> = {
  // The API's sort keys (`instanceListOrderBy`) are the cluster's: read from the contract's
  // module of plain values, so that the page's first script loads no schemas (first-pages.ts).
  sortKeys: instanceOrderKeys,
  // Newest first unless the user asks otherwise: what an operator looks for most.
  defaultSort: "created_at",
  defaultOrder: defaultOrderFor,
  filters: {
    // A part of the name: no name is longer, and the server refuses a longer search.
    search: { kind: "text", maxLength: instanceNameMaxLength },
    status: { kind: "any-of", values: instanceStatuses },
    type: { kind: "one-of", values: instanceTypes },
    app_name: { kind: "text" },
    image_name: { kind: "text" },
    node: { kind: "text" },
    tag: { kind: "all-of" },
  },
};

export type InstanceListQuery = ListQuery<InstanceListOrderBy, InstanceFilterKey>;

/**
 * The request of `GET /api/instances` for the page the list state describes (`readListQuery` has
 * dropped what the server would refuse, so that a hand-edited link still lists something).
 */
export function instancesRequestOf(query: InstanceListQuery): InstancesListRequest {
  const request: InstancesListRequest = {
    page: query.page,
    size: query.size,
    orderBy: query.orderBy,
    order: query.order,
  };
  const search = filterValue(query, "search");
  if (search !== undefined) request.search = search;
  const status = filterValues(query, "status", instanceStatuses);
  if (status.length > 0) request.status = status;
  const [type] = filterValues(query, "type", instanceTypes);
  if (type !== undefined) request.type = type;
  const appName = filterValue(query, "app_name");
  if (appName !== undefined) request.app_name = appName;
  const imageName = filterValue(query, "image_name");
  if (imageName !== undefined) request.image_name = imageName;
  const node = filterValue(query, "node");
  if (node !== undefined) request.node = node;
  const tags = query.filters.tag;
  if (tags !== undefined) request.tags = tags;
  return request;
}
