import { useQuery } from "@tanstack/react-query";
import { fetchSession } from "../../api/sessions.ts";
import { queryKeys } from "../../context/query-keys.ts";

/** How often a session that is not streamable yet (its instance booting) is looked at again. */
const waitingRefetchMs = 2_000;

/**
 * A session, on the cluster `clusterParam` names (`?clusterId=`, "" when the link does not say:
 * the server finds it), read again while its instance boots so that the stream opens once it runs.
 */
export function useSession(sessionId: string, clusterParam: string) {
  return useQuery({
    queryKey: queryKeys.session(sessionId, clusterParam),
    queryFn: ({ signal }) =>
      fetchSession(sessionId, clusterParam === "" ? undefined : clusterParam, signal),
    refetchInterval: (query) => (query.state.data?.status === "created" ? waitingRefetchMs : false),
  });
}
