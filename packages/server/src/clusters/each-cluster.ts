import type { UnreachableCluster } from "@anbox-dashboard/contract";
import { HttpError } from "@anbox-dashboard/http-kit";

/** A cluster call that failed because the cluster is down or broken (503, 502), not a refusal. */
function isUnavailable(error: unknown): error is HttpError {
  return error instanceof HttpError && (error.statusCode === 502 || error.statusCode === 503);
}

/**
 * Asks each cluster at once. A cluster that does not answer (down, unreachable, timed out) is
 * left out (its answer is `missing`) and named in `unreachable` with why: one cluster down never
 * hides the others'. When none answers, the first failure is the answer; a refusal (4xx) is the
 * answer whichever cluster made it.
 */
export async function askEachCluster<C extends { id: string }, R>(
  clusters: readonly C[],
  ask: (cluster: C) => Promise<R>,
  missing: R,
): Promise<{ answers: R[]; unreachable: UnreachableCluster[] }> {
  const unreachable: UnreachableCluster[] = [];
  const failures: HttpError[] = [];
  const answers = await Promise.all(
    clusters.map(async (cluster) => {
      try {
        return await ask(cluster);
      } catch (error) {
        if (!isUnavailable(error)) throw error;
        unreachable.push({ clusterId: cluster.id, message: error.message });
        failures.push(error);
        return missing;
      }
    }),
  );
  const [first] = failures;
  if (first !== undefined && failures.length === clusters.length) throw first;
  return { answers, unreachable };
}

/** Each cluster's part of a list, joined (askEachCluster: a cluster that does not answer is left out). */
export async function listEachCluster<C extends { id: string }, T>(
  clusters: readonly C[],
  list: (cluster: C) => Promise<T[]>,
): Promise<{ items: T[]; unreachable: UnreachableCluster[] }> {
  const { answers, unreachable } = await askEachCluster<C, T[]>(clusters, list, []);
  return { items: answers.flat(), unreachable };
}

/** `{unreachable}` for a list's answer, when any cluster was left out. */
export function unreachablePart(unreachable: readonly UnreachableCluster[]): {
  unreachable?: UnreachableCluster[];
} {
  return unreachable.length === 0 ? {} : { unreachable: [...unreachable] };
}
