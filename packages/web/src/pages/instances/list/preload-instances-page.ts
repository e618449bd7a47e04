import type { QueryClient } from "@tanstack/react-query";
import { listRequestAt } from "../../../components/list/url/list-request-at.ts";
import { prefetchInstancesList } from "../../../queries/instances.ts";
import { instancesListSource } from "./instances-list-source.ts";

/** Asks for the instances list's first page, as the address describes it, before the page renders. */
export function preloadInstancesPage(queryClient: QueryClient, address: { search: string }): void {
  void prefetchInstancesList(queryClient, listRequestAt(instancesListSource, address.search));
}
