import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { RegistrationResult } from "@anbox-dashboard/contract";
import { ApiError } from "../api/api-fetch.ts";
import { fetchRegistration, submitRegistration } from "../api/registration.ts";
import { queryKeys } from "../context/query-keys.ts";

/** What became of a registration link (public: the person has no account yet). */
export function registrationQuery(token: string) {
  return queryOptions({
    queryKey: queryKeys.registration(token),
    queryFn: ({ signal }) => fetchRegistration(token, signal),
    // A link's state only changes by being used: never refetch behind the person's back.
    staleTime: Infinity,
  });
}

export function useRegistration(token: string) {
  return useQuery(registrationQuery(token));
}

/**
 * Registers with the link `token` names. On success the browser is signed in: what was cached
 * about the (absent) session is read again before `onRegistered` runs (which navigates away). A
 * link used or expired meanwhile is read again too, so that its page says so instead of the form.
 */
export function useSubmitRegistration(
  token: string,
  onRegistered: (result: RegistrationResult) => Promise<void> | void,
) {
  return useMutation({
    mutationFn: submitRegistration,
    meta: { invalidates: [queryKeys.info(), queryKeys.authInfo()] },
    onSuccess: (result) => onRegistered(result),
    onError: async (error, _variables, _onMutateResult, { client }) => {
      if (error instanceof ApiError && (error.status === 404 || error.status === 410)) {
        await client.invalidateQueries({ queryKey: queryKeys.registration(token) });
      }
    },
  });
}
