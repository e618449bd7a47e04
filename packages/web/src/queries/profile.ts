import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { endOtherSessions, fetchProfile } from "../api/profile.ts";
import { queryKeys } from "../context/query-keys.ts";

/** Who is signed in, where they sign in, and the browsers signed in as them. */
export function profileQuery() {
  return queryOptions({
    queryKey: queryKeys.profile(),
    queryFn: ({ signal }) => fetchProfile(signal),
  });
}

export function useProfile() {
  return useQuery(profileQuery());
}

/**
 * Signs out every session of the user but this one. The page tells the outcome beside the button
 * rather than in a toast; the profile's list of sessions is read again.
 */
export function useEndOtherSessions() {
  return useMutation({
    mutationFn: () => endOtherSessions(),
    meta: { invalidates: [queryKeys.profile()] },
  });
}
