import { useEffect, useMemo, useRef, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { loadWithRetry } from "../../util/lazy-with-retry.ts";
import { whenFirstPageShown } from "../first-page-shown.ts";
import type { EventsConnectionOptions } from "./events-connection.ts";
import { EventsContext } from "./events-context.ts";

export interface EventsProviderProps {
  /**
   * The clusters of `GET /api/clusters`, in its order (a cluster's index names its socket);
   * undefined while they are not known yet.
   */
  clusters: readonly { id: string }[] | undefined;
  /** The quick retries for the cluster's events socket are exhausted (it is tried every 15 s). */
  onConnectionFailure: (clusterId: string) => void;
  /** The events of a cluster reported down are heard again. */
  onConnectionRecovered?: (clusterId: string) => void;
  children?: ReactNode;
  /** Tests replace the browser's WebSocket. */
  createSocket?: EventsConnectionOptions["createSocket"];
}

/**
 * Follows every cluster's events websocket while mounted (mount it for signed-in users only: the
 * events need a session), keeping the cached data fresh (follow-events.ts). It starts once the
 * first page is shown, its code loaded then: the sockets' tokens, handshakes and code wait for
 * the page's own requests, and every socket that opens refreshes what was fetched before it.
 */
export function EventsProvider({
  clusters,
  onConnectionFailure,
  onConnectionRecovered,
  children,
  createSocket,
}: EventsProviderProps) {
  const queryClient = useQueryClient();
  const onFailure = useRef(onConnectionFailure);
  const onRecovered = useRef(onConnectionRecovered);
  useEffect(() => {
    onFailure.current = onConnectionFailure;
    onRecovered.current = onConnectionRecovered;
  }, [onConnectionFailure, onConnectionRecovered]);

  // Reconnect only when the set of clusters changes, not on every new array of the same ids.
  const clusterKey = (clusters ?? []).map((cluster) => cluster.id).join(",");
  const clustersKnown = clusters !== undefined;
  const clusterIds = useMemo(() => (clusterKey === "" ? [] : clusterKey.split(",")), [clusterKey]);

  useEffect(() => {
    if (clusterIds.length === 0) return;
    let stopFollowing: (() => void) | undefined;
    let ended = false;
    const stopWaiting = whenFirstPageShown(queryClient, () => {
      // Its code failing to load after the retries (the server gone, a new version deployed)
      // leaves the pages as they are: the next page load follows the events again.
      void loadWithRetry(() => import("./follow-events.ts")).then(
        ({ followEvents }) => {
          if (ended) return;
          stopFollowing = followEvents({
            queryClient,
            clusterIds,
            createSocket,
            onConnectionFailure: (id) => {
              onFailure.current(id);
            },
            onRecovered: (id) => {
              onRecovered.current?.(id);
            },
          });
        },
        () => undefined,
      );
    });
    return () => {
      ended = true;
      stopWaiting();
      stopFollowing?.();
    };
  }, [clusterIds, queryClient, createSocket]);

  const value = useMemo(() => ({ clusterIds, clustersKnown }), [clusterIds, clustersKnown]);
  return <EventsContext value={value}>{children}</EventsContext>;
}
