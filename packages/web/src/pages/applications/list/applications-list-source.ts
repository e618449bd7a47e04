import {
  applicationSearchMaxLength,
  applicationsListOrderBy,
  applicationStatuses,
  applicationTypes,
  type ApplicationsListOrderBy,
} from "@anbox-dashboard/contract";
import type { ApplicationsListRequest } from "../../../api/applications.ts";
import type { SortOrder } from "../../../components/list/url/list-params.ts";
import {
  nameTypeStatusFilterSpecs,
  nameTypeStatusRequestOf,
} from "../../../components/list/filters/name-type-status.ts";
import type { ListQuery, ListSpec } from "../../../components/list/url/list-query.ts";
import type { ListSource } from "../../../components/list/url/use-list-url-state.ts";
import { queryKeys } from "../../../context/query-keys.ts";
import { prefetchApplicationsPage } from "../../../queries/applications.ts";

/** The filters of the applications list, by their URL name (`filter.<key>=value`). */
export type ApplicationFilterKey = "search" | "type" | "status";

/** Times and counts read largest first; words A to Z. */
export function defaultOrderFor(orderBy: ApplicationsListOrderBy): SortOrder {
  return orderBy === "name" || orderBy === "status" || orderBy === "type" ? "asc" : "desc";
}

/** What the applications list takes from the URL. */
const applicationListSpec: ListSpec<ApplicationsListOrderBy, ApplicationFilterKey> = {
  sortKeys: applicationsListOrderBy,
  defaultSort: "name",
  defaultOrder: defaultOrderFor,
  filters: nameTypeStatusFilterSpecs(
    applicationSearchMaxLength,
    applicationTypes,
    applicationStatuses,
  ),
};

export type ApplicationListQuery = ListQuery<ApplicationsListOrderBy, ApplicationFilterKey>;

/** The request of `GET /api/applications` for the page the list state describes. */
export function applicationsRequestOf(query: ApplicationListQuery): ApplicationsListRequest {
  return nameTypeStatusRequestOf(query, applicationTypes, applicationStatuses);
}

/** Where the applications list's pages come from; its quick search finds a part of the name. */
export const applicationsListSource: ListSource<
  ApplicationsListOrderBy,
  ApplicationFilterKey,
  ApplicationsListRequest
> = {
  spec: applicationListSpec,
  toRequest: applicationsRequestOf,
  search: {
    key: "search",
    queryKey: queryKeys.applicationsPage,
    prefetch: prefetchApplicationsPage,
  },
};
