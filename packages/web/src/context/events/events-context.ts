import { createContext, useContext } from "react";

export interface EventsContextValue {
  /** The clusters whose events are followed: the operations queries list these. */
  clusterIds: readonly string[];
  /** Whether the clusters are known yet (`GET /api/clusters` answered, or failed). */
  clustersKnown: boolean;
}

export const EventsContext = createContext<EventsContextValue | null>(null);

/**
 * The events provider's clusters; undefined outside one (then every cluster is meant). `ready` is
 * false while the provider does not know them yet: a list asked for then would ask for every
 * cluster, and again for the followed ones once they are known.
 */
export function useEventClusters(): { clusterIds: readonly string[] | undefined; ready: boolean } {
  const events = useContext(EventsContext);
  return events === null
    ? { clusterIds: undefined, ready: true }
    : { clusterIds: events.clusterIds, ready: events.clustersKnown };
}
