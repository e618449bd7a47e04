import { useQuery } from "@tanstack/react-query";
import { fetchSessionInfo } from "../../api/session-info.ts";
import { queryKeys } from "../query-keys.ts";

/**
 * The signed-in user's session info (`GET /api/info`): the user and the feature flags. Inside
 * the signed-in routes it has loaded already (`RequireSession` waits for it).
 */
export function useSessionInfo() {
  return useQuery({
    queryKey: queryKeys.info(),
    queryFn: ({ signal }) => fetchSessionInfo(signal),
  });
}
