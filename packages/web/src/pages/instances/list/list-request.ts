import {
  instanceListOrderBy,
  instanceStatuses,
  instanceTypes,
  type InstanceListOrderBy,
  type InstanceStatus,
  type InstanceType,
} from "@anbox-dashboard/contract";
import type { InstancesListRequest } from "../../../api/instances.ts";
import type { ColumnSort } from "../../../components/table/SortableHeader.tsx";
import type { ListFilters, ListParams, SortOrder } from "../../../util/list-params.ts";

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

/** Newest first unless the user asks otherwise: what an operator looks for most. */
export const defaultOrderBy: InstanceListOrderBy = "created_at";

/** The cluster caps the name search at 63 characters (the longest name). */
const maxSearchLength = 63;

/** The sort of the instance list. */
export type InstanceSort = ColumnSort<InstanceListOrderBy>;

/** Times read best newest first; words A to Z. */
export function defaultOrderFor(orderBy: InstanceListOrderBy): SortOrder {
  return orderBy === "created_at" ? "desc" : "asc";
}

export function isInstanceOrderBy(value: string | undefined): value is InstanceListOrderBy {
  return (instanceListOrderBy as readonly (string | undefined)[]).includes(value);
}

function isInstanceType(value: string): value is InstanceType {
  return (instanceTypes as readonly string[]).includes(value);
}

/** The first non-blank value of a filter, trimmed. */
export function singleFilter(filters: ListFilters, key: InstanceFilterKey): string | undefined {
  const value = filters[key]?.map((item) => item.trim()).find((item) => item !== "");
  return value;
}

/** The non-blank values of a filter, trimmed and without repeats. */
function listFilter(filters: ListFilters, key: InstanceFilterKey): string[] {
  const values = (filters[key] ?? []).map((item) => item.trim()).filter((item) => item !== "");
  return [...new Set(values)];
}

/** The statuses the status filter asks for, in the order of `instanceStatuses`. */
export function statusFilter(filters: ListFilters): InstanceStatus[] {
  const wanted = new Set(listFilter(filters, "status"));
  return instanceStatuses.filter((status) => wanted.has(status));
}

/**
 * The request for the page the URL describes. Malformed values (an unknown status, sort key or
 * type) are dropped rather than sent, so that a hand-edited link still lists something; lists are
 * put in a fixed order so that the same filters share one cache entry.
 */
export function instancesListRequest(params: ListParams): InstancesListRequest {
  const orderBy = isInstanceOrderBy(params.orderBy) ? params.orderBy : defaultOrderBy;
  const request: InstancesListRequest = {
    page: params.page,
    size: params.size,
    orderBy,
    order: params.order ?? defaultOrderFor(orderBy),
  };
  const { filters } = params;
  const search = singleFilter(filters, "search")?.slice(0, maxSearchLength);
  if (search !== undefined) request.search = search;
  const status = statusFilter(filters);
  if (status.length > 0) request.status = status;
  const type = singleFilter(filters, "type");
  if (type !== undefined && isInstanceType(type)) request.type = type;
  const appName = singleFilter(filters, "app_name");
  if (appName !== undefined) request.app_name = appName;
  const imageName = singleFilter(filters, "image_name");
  if (imageName !== undefined) request.image_name = imageName;
  const node = singleFilter(filters, "node");
  if (node !== undefined) request.node = node;
  const tags = listFilter(filters, "tag").sort();
  if (tags.length > 0) request.tags = tags;
  return request;
}

/** Whether the request narrows the list (so an empty answer means "no match", not "none"). */
export function isFiltered(request: InstancesListRequest): boolean {
  return (
    request.search !== undefined ||
    request.status !== undefined ||
    request.type !== undefined ||
    request.app_name !== undefined ||
    request.image_name !== undefined ||
    request.node !== undefined ||
    request.tags !== undefined
  );
}
