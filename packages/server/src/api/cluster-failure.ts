import type { ClusterHandle } from "../auth/auth-context.ts";
import { AmsClientError } from "../clusters/ams-client.ts";
import { ApiError } from "./api-error.ts";

/** How long a list of the clusters' objects waits for a cluster before calling it unreachable. */
export const clusterTimeoutMs = 5_000;

/**
 * A cluster's failure to answer, named for the person reading it: 503 when the cluster is down or
 * failing, 502 when it refused what the dashboard asked (a 4xx there is the dashboard's fault, not
 * the user's). An error that did not come from the cluster (`AmsClientError`) is the dashboard's
 * own, a bug: it is thrown on, for the error handler to log and answer 500 without its words.
 */
export function clusterFailure(cluster: ClusterHandle, what: string, error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (!(error instanceof AmsClientError)) throw error;
  const status = error.statusCode < 500 ? 502 : 503;
  return new ApiError(status, `Cluster "${cluster.id}" did not ${what}: ${error.message}`);
}
