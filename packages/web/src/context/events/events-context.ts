import { createContext, useContext } from "react";

export interface EventsContextValue {
  /** The clusters whose events are followed: the operations queries list these. */
  clusterIds: readonly string[];
}

export const EventsContext = createContext<EventsContextValue | null>(null);

/** The events provider's clusters; undefined outside one (then every cluster is meant). */
export function useEventClusterIds(): readonly string[] | undefined {
  return useContext(EventsContext)?.clusterIds;
}
