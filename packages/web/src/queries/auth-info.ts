import { queryOptions, useQuery } from "@tanstack/react-query";
import { fetchAuthInfo } from "../api/auth-info.ts";
import { queryKeys } from "../context/query-keys.ts";

/** How this dashboard signs people in, and whether anyone can yet (public). */
export function authInfoQuery() {
  return queryOptions({
    queryKey: queryKeys.authInfo(),
    queryFn: ({ signal }) => fetchAuthInfo(signal),
  });
}

export function useAuthInfo() {
  return useQuery(authInfoQuery());
}
