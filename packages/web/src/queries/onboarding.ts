import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  fetchOnboardingProgress,
  updateOnboardingProgress,
  type OnboardingProgress,
} from "../api/onboarding.ts";
import { mutationToasts } from "../context/mutation-meta.ts";
import { queryKeys } from "../context/query-keys.ts";

/**
 * The user's onboarding progress (`GET /api/onboarding-progress`). Only this user's own writes
 * change it, and each of them puts its answer in the cache, so it is never stale: read once per
 * sign-in, kept for good.
 */
export function onboardingProgressQuery() {
  return queryOptions({
    queryKey: queryKeys.onboardingProgress(),
    queryFn: ({ signal }) => fetchOnboardingProgress(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useOnboardingProgress() {
  return useQuery(onboardingProgressQuery());
}

/**
 * Saves a step change (`PATCH /api/onboarding-progress/{progress}`). The cache takes the new
 * value at once (the tour moves on without waiting for the server) and goes back to the previous
 * one if the server refuses; the server's answer is what stays.
 */
export function useSetOnboardingProgress() {
  const queryClient = useQueryClient();
  const key = queryKeys.onboardingProgress();
  return useMutation({
    mutationFn: updateOnboardingProgress,
    onMutate: async (progress: OnboardingProgress) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<OnboardingProgress>(key);
      queryClient.setQueryData<OnboardingProgress>(key, progress);
      return { previous };
    },
    onError: (_error, _progress, context) => {
      if (context?.previous !== undefined) {
        queryClient.setQueryData<OnboardingProgress>(key, context.previous);
      }
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<OnboardingProgress>(key, saved);
    },
    meta: {
      toasts: mutationToasts<OnboardingProgress, OnboardingProgress>({
        failure: "Could not save your tour progress",
      }),
    },
  });
}
