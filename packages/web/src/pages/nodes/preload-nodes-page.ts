import type { QueryClient } from "@tanstack/react-query";
import { listRequestAt } from "../../components/list/url/list-request-at.ts";
import { prefetchNodesPage } from "../../queries/nodes.ts";
import { nodesListSource } from "./nodes-list-source.ts";

/** Asks for the nodes list's first page, as the address describes it, before the page renders. */
export function preloadNodesPage(queryClient: QueryClient, address: { search: string }): void {
  void prefetchNodesPage(queryClient, listRequestAt(nodesListSource, address.search));
}
