import type { ClusterHandle } from "../auth/auth-context.ts";
import { AmsClientError } from "../clusters/ams-client.ts";
import { ApiError } from "./api-error.ts";

/** How long one call to a cluster may take before the cluster is called unreachable. */
export const clusterCallTimeoutMs = 10_000;

/**
 * Runs one call to a cluster with a timeout, and turns its failure into the answer the browser
 * gets: a refusal (4xx) keeps the cluster's status and message, so that the form or list shows the
 * cluster's own words; anything else is the cluster's fault, named: 503 when it cannot be reached
 * or is too slow, 502 when it failed.
 */
export async function callCluster<T>(
  cluster: ClusterHandle,
  call: (signal: AbortSignal) => Promise<T>,
  timeoutMs = clusterCallTimeoutMs,
): Promise<T> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    return await call(signal);
  } catch (error) {
    throw clusterFailure(cluster, error, signal.aborted ? timeoutMs : undefined);
  }
}

/**
 * The API error for a failed cluster call; `timedOutAfterMs` when the call ran out of time. An
 * error that did not come from the cluster (`AmsClientError`) is the dashboard's own, a bug: it is
 * thrown on, for the error handler to log and answer 500 without its words (a stack overflow's
 * "Maximum call stack size exceeded" is no news about the cluster).
 */
export function clusterFailure(
  cluster: ClusterHandle,
  error: unknown,
  timedOutAfterMs?: number,
): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AmsClientError && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError(error.statusCode, error.message);
  }
  if (timedOutAfterMs !== undefined) {
    const limit =
      timedOutAfterMs % 1000 === 0
        ? `${String(timedOutAfterMs / 1000)} s`
        : `${String(timedOutAfterMs)} ms`;
    return new ApiError(503, `Cluster "${cluster.id}" did not answer within ${limit}.`);
  }
  if (!(error instanceof AmsClientError)) throw error;
  const status = error.statusCode !== 503 ? 502 : 503;
  return new ApiError(status, `Cluster "${cluster.id}" failed: ${error.message}`);
}
