type CollectGarbage = (options: { type: "minor"; execution: "sync" }) => void;

/**
 * Frees the chunks of a stream already passed on (an upload written to disk by a cluster, or
 * relayed to a cluster by the server): called every few MiB of it.
 *
 * Every chunk read from a socket is a buffer of its own outside the JavaScript heap, and V8
 * collects such buffers only once 64 MiB of them have piled up: streaming a large upload would
 * leave the process up to 64 MiB larger whatever the chunk size. A minor collection every few MiB
 * frees them (they die young) for well under a millisecond.
 *
 * The collector is there because the process is started with `--expose-gc`, said where it is
 * started (`bin/dashboard`, the server's embedded clusters in `embedded-cluster.ts`, the test
 * projects in vitest.config.ts, the benchmarks), not switched on from inside the running process.
 * Started without it, this does nothing and V8 frees the chunks on its own schedule.
 */
export function releaseDeadBuffers(): void {
  const collect: unknown = (globalThis as { gc?: unknown }).gc;
  if (typeof collect === "function") {
    (collect as CollectGarbage)({ type: "minor", execution: "sync" });
  }
}
