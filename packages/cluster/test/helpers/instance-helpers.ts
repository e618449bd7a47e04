// Small helpers for the instance tests: create and wait, read one, collect lifecycle events.
import type { AmsEvent, AmsInstance, AmsOperation } from "@anbox-dashboard/contract";
import type { RequestOptions, TestCluster } from "./test-cluster.ts";

/**
 * A JSON body with its Content-Length. Node's client sends a DELETE body without one (and without
 * chunking), which the server cannot frame; every other method is fine either way.
 */
export function json(body: unknown, headers: Record<string, string> = {}): RequestOptions {
  const length = Buffer.byteLength(JSON.stringify(body));
  return { body, headers: { ...headers, "content-length": String(length) } };
}

export async function createInstance(
  cluster: TestCluster,
  body: Record<string, unknown> = {},
): Promise<{ id: string; operation: AmsOperation }> {
  const response = await cluster.request<AmsOperation>("POST", "/1.0/instances", { body });
  if (response.status !== 202) throw new Error(`create: ${response.status} ${response.text}`);
  const url = response.body.metadata.resources.instances?.[0] ?? "";
  const operation = await cluster.waitOperation(response.body.metadata.id);
  return { id: url.split("/").pop() ?? "", operation };
}

export async function getInstance(cluster: TestCluster, idOrName: string): Promise<AmsInstance> {
  const response = await cluster.request<AmsInstance>("GET", `/1.0/instances/${idOrName}`);
  if (response.status !== 200) throw new Error(`get: ${response.status} ${response.text}`);
  return response.body.metadata;
}

/** Sends a write that answers with an operation and waits for the operation to end. */
export async function writeAndWait(
  cluster: TestCluster,
  method: string,
  path: string,
  body?: unknown,
): Promise<AmsOperation> {
  const response = await cluster.request<AmsOperation>(
    method,
    path,
    body === undefined ? {} : json(body),
  );
  if (response.status !== 202)
    throw new Error(`${method} ${path}: ${response.status} ${response.text}`);
  return cluster.waitOperation(response.body.metadata.id);
}

/** Records the lifecycle events the cluster publishes from now on. */
export function recordLifecycle(cluster: TestCluster): { events: AmsEvent[]; stop: () => void } {
  const events: AmsEvent[] = [];
  const stop = cluster.running.context.events.subscribe(new Set(["lifecycle"]), (event) => {
    events.push(event);
  });
  return { events, stop };
}

/** Polls (bounded) until the instance has the status; fails with what it had instead. */
export async function waitForStatus(
  cluster: TestCluster,
  id: string,
  status: string,
  attempts = 500,
): Promise<AmsInstance> {
  let last: AmsInstance | undefined;
  for (let attempt = 0; attempt < attempts; attempt++) {
    last = await getInstance(cluster, id);
    if (last.status === status) return last;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`instance ${id} did not reach ${status}; it is ${last?.status}`);
}
