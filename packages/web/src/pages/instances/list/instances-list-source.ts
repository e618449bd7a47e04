import type { InstanceListOrderBy } from "@anbox-dashboard/contract";
import type { InstancesListRequest } from "../../../api/instances.ts";
import type { ListSource } from "../../../components/list/url/use-list-url-state.ts";
import { queryKeys } from "../../../context/query-keys.ts";
import { instanceListSpec, instancesRequestOf, type InstanceFilterKey } from "./list-request.ts";
import { prefetchInstancesList } from "./use-instances-list.ts";

/** Where the instance list's pages come from; its quick search finds a part of the name. */
export const instancesListSource: ListSource<
  InstanceListOrderBy,
  InstanceFilterKey,
  InstancesListRequest
> = {
  spec: instanceListSpec,
  toRequest: instancesRequestOf,
  search: { key: "search", queryKey: queryKeys.instancesList, prefetch: prefetchInstancesList },
};
