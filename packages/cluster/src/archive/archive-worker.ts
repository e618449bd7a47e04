// The archive worker: unpacks one package off the cluster's event loop, answers one message with
// the entries (their buffers handed over, not copied) or the refusal, and ends.
import { parentPort, workerData } from "node:worker_threads";
import { HttpError } from "@anbox-dashboard/http-kit";
import type { ArchiveWorkerInput, ArchiveWorkerReply } from "./archive-worker-protocol.ts";
import { unpackArchive } from "./unpack-archive.ts";
import { FileSource } from "./archive-source.ts";
import { directorySink, memorySink } from "./unpacked-entry.ts";

function answer(input: ArchiveWorkerInput): { reply: ArchiveWorkerReply; transfer: ArrayBuffer[] } {
  try {
    const keepPaths = input.keepPaths === undefined ? undefined : new Set(input.keepPaths);
    const sink =
      input.outputDirectory === undefined
        ? memorySink((path) => keepPaths?.has(path) ?? true, input.maxKeptBytes)
        : directorySink(input.outputDirectory);
    const source = new FileSource(input.path);
    let archive;
    try {
      archive = unpackArchive(source, input.limits, sink);
    } finally {
      source.close();
    }
    const transfer = new Set<ArrayBuffer>();
    for (const { data } of archive.entries) {
      if (data?.buffer instanceof ArrayBuffer) transfer.add(data.buffer);
    }
    return { reply: { kind: "unpacked", archive }, transfer: [...transfer] };
  } catch (error) {
    if (error instanceof HttpError) {
      return {
        reply: { kind: "refused", statusCode: error.statusCode, message: error.message },
        transfer: [],
      };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { reply: { kind: "failed", message }, transfer: [] };
  }
}

const { reply, transfer } = answer(workerData as ArchiveWorkerInput);
parentPort?.postMessage(reply, transfer);
