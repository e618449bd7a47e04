import type { z } from "zod";
import { amsOperationSchema, type AmsOperation } from "@anbox-dashboard/contract";
import { HttpError } from "@anbox-dashboard/http-kit";
import { callCluster } from "../clusters/cluster-call.ts";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";

/**
 * What a cluster answered, read with the contract's schema of it: a cluster is an AMS, and a
 * remote one is not ours to trust. An answer of another shape is the cluster's failure, a 502
 * naming the cluster, what it answered and the first field that is wrong, never a crash or a page
 * that silently shows something else.
 */
export function readAnswer<Schema extends z.ZodType>(
  cluster: ClusterHandle,
  what: string,
  schema: Schema,
  value: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field =
    issue === undefined || issue.path.length === 0 ? "" : ` at "${issue.path.join(".")}"`;
  throw new HttpError(
    502,
    `Cluster "${cluster.id}" answered ${what} the dashboard cannot read${field}: ${issue?.message ?? "unexpected value"}`,
  );
}

/** A call's checked answer: its metadata as the schema reads it, and the list's total if any. */
export interface CheckedAnswer<T> {
  metadata: T;
  totalSize: number | undefined;
}

/** What the cluster's AMS and its stream gateway answer alike: metadata and a list's total. */
interface Answer {
  metadata: unknown;
  totalSize: number | undefined;
}

/**
 * Calls the cluster (`callCluster`: one timeout, its failures mapped; `timeoutMs` for a call that
 * waits by design) and reads the answer's metadata with `schema` (`readAnswer`).
 */
export async function callAndRead<Schema extends z.ZodType>(
  cluster: ClusterHandle,
  what: string,
  schema: Schema,
  call: (signal: AbortSignal) => Promise<Answer>,
  timeoutMs?: number,
): Promise<CheckedAnswer<z.output<Schema>>> {
  const result = await callCluster(cluster, call, timeoutMs);
  return {
    metadata: readAnswer(cluster, what, schema, result.metadata),
    totalSize: result.totalSize,
  };
}

/** A call that starts an operation (a create, a change, a removal): the operation, checked. */
export async function callForOperation(
  cluster: ClusterHandle,
  call: (signal: AbortSignal) => Promise<Answer>,
): Promise<AmsOperation> {
  const answer = await callAndRead(cluster, "an operation", amsOperationSchema, call);
  return answer.metadata;
}
