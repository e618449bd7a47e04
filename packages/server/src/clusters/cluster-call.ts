import { HttpError } from "@anbox-dashboard/http-kit";
import { AmsClientError } from "./ams-client.ts";
import type { ClusterHandle } from "./cluster-handle.ts";

/** How long one call to a cluster (its AMS or its stream gateway) may take. */
export const clusterCallTimeoutMs = 10_000;

/**
 * Every call a route makes to a cluster goes through here: one timeout, and one mapping of its
 * failure to the answer the browser gets.
 *
 * `timeoutMs` is for a call that waits by design (an operation's long-poll `wait`): give it the
 * wait plus `clusterCallTimeoutMs`.
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
 * The API error for a failed cluster call (`timedOutAfterMs` when it ran out of time):
 * - a refusal (4xx) keeps the cluster's status and words, so that a form or list shows the
 *   cluster's own reason (404 not found, 409 name taken, 400 not ready);
 * - but a 401 or 403 refused the dashboard's own credentials (its certificate, its gateway
 *   token), not the user's: passed on, the browser would take it for its own session ending (the
 *   shell sends a 401 to the login page, a 403 to "forbidden"), so it is a 502 naming the cluster;
 * - a call that ran out of time is a 503 saying how long it waited;
 * - a cluster that cannot be reached or is unavailable (503) is a 503, any other failure a 502,
 *   both naming the cluster.
 *
 * An error that did not come from the cluster (`AmsClientError`) is the dashboard's own, a bug: it
 * is thrown on, for the error handler to log and answer 500 without its words (a stack overflow's
 * "Maximum call stack size exceeded" is no news about the cluster). An `HttpError` (a route's own
 * refusal inside the call) passes as it is.
 */
export function clusterFailure(
  cluster: ClusterHandle,
  error: unknown,
  timedOutAfterMs?: number,
): HttpError {
  if (error instanceof HttpError) return error;
  // Before the check below: an abort in the middle of an answer rejects with the socket's own error.
  if (timedOutAfterMs !== undefined) {
    return new HttpError(
      503,
      `Cluster "${cluster.id}" did not answer within ${duration(timedOutAfterMs)}.`,
    );
  }
  if (!(error instanceof AmsClientError)) throw error;
  const status = error.statusCode;
  if (status >= 400 && status < 500 && status !== 401 && status !== 403) {
    return new HttpError(status, error.message);
  }
  return new HttpError(
    status === 503 ? 503 : 502,
    `Cluster "${cluster.id}" failed: ${error.message}`,
  );
}

function duration(ms: number): string {
  return ms % 1000 === 0 ? `${String(ms / 1000)} s` : `${String(ms)} ms`;
}
