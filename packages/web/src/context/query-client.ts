import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/api-fetch.ts";

const maxRetries = 2;

/** A client error will fail the same way again: only retry what may be transient. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < maxRetries;
}

/** The dashboard's one QueryClient policy. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
