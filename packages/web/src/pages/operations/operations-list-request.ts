import {
  operationListStatuses,
  operationsOrderByValues,
  operationTypes,
  type OperationsOrderBy,
} from "@anbox-dashboard/contract";
import type { OperationsPageRequest } from "../../api/operations.ts";
import type { SortOrder } from "../../components/list/url/list-params.ts";
import {
  filterValues,
  type ListQuery,
  type ListSpec,
} from "../../components/list/url/list-query.ts";
import type { ListSource } from "../../components/list/url/use-list-url-state.ts";

/** The filters of the operations list, by their URL name (`filter.status=Running`). */
export type OperationFilterKey = "status" | "type";

/** Times read best newest first; words A to Z. */
export function defaultOrderFor(orderBy: OperationsOrderBy): SortOrder {
  return orderBy === "created_at" || orderBy === "updated_at" ? "desc" : "asc";
}

/** What the operations list takes from the URL. */
export const operationListSpec: ListSpec<OperationsOrderBy, OperationFilterKey> = {
  sortKeys: operationsOrderByValues,
  // What the clusters are doing now first.
  defaultSort: "created_at",
  defaultOrder: defaultOrderFor,
  filters: {
    status: { kind: "any-of", values: operationListStatuses },
    type: { kind: "any-of", values: operationTypes },
  },
};

export type OperationListQuery = ListQuery<OperationsOrderBy, OperationFilterKey>;

/** A page of operations to ask for; the clusters are those the dashboard follows. */
export type OperationsListRequest = Omit<OperationsPageRequest, "clusterIds">;

/** The request of `GET /api/operations` for the page the list state describes. */
export function operationsRequestOf(query: OperationListQuery): OperationsListRequest {
  const request: OperationsListRequest = {
    page: query.page,
    size: query.size,
    orderBy: query.orderBy,
    order: query.order,
  };
  const status = filterValues(query, "status", operationListStatuses);
  if (status.length > 0) request.status = status;
  const type = filterValues(query, "type", operationTypes);
  if (type.length > 0) request.type = type;
  return request;
}

/** Where the operations list's pages come from (it has no quick search: a few filters). */
export const operationsListSource: ListSource<
  OperationsOrderBy,
  OperationFilterKey,
  OperationsListRequest
> = { spec: operationListSpec, toRequest: operationsRequestOf };
