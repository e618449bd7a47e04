import { Worker } from "node:worker_threads";
import { HttpError } from "@anbox-dashboard/http-kit";
import type { ArchiveWorkerInput, ArchiveWorkerReply } from "./archive-worker-protocol.ts";
import type { ArchiveLimits } from "./archive-limits.ts";
import type { UnpackedArchive } from "./unpack-archive.ts";

const workerUrl = new URL("./archive-worker.ts", import.meta.url);

/**
 * A kind of package's share of the threads: at most `slots` of its packages are unpacked at once
 * (more wait their turn), so that a burst of uploads cannot start a thread each, and image
 * packages (large, read whole) never keep every thread from the applications' uploads and
 * bootstraps.
 */
class WorkerPool {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly slots: number;

  constructor(slots: number) {
    this.slots = slots;
  }

  async acquire(): Promise<void> {
    if (this.running < this.slots) {
      this.running++;
      return;
    }
    // The slot is handed over by the release that wakes us: the count stays as it is.
    await new Promise<void>((resolve) => {
      this.waiting.push(resolve);
    });
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}

/** Two threads for applications (one per core of a small machine), one for images. */
const pools: Record<ArchiveLimits["pool"], WorkerPool> = {
  applications: new WorkerPool(2),
  images: new WorkerPool(1),
};

/**
 * Unpacks an archive file in a worker thread of its own: decompression is CPU work that takes
 * seconds for a large package, and the cluster's event loop must keep answering meanwhile. The
 * worker reads the file by offset, so a package of any size takes a few buffers. A fresh worker per
 * archive also returns all its memory when it ends, whatever the archive did.
 */
export async function unpackInWorker(input: ArchiveWorkerInput): Promise<UnpackedArchive> {
  const pool = pools[input.limits.pool];
  await pool.acquire();
  try {
    return await runWorker({ ...input, limits: { ...input.limits } });
  } finally {
    pool.release();
  }
}

function runWorker(input: ArchiveWorkerInput): Promise<UnpackedArchive> {
  return new Promise<UnpackedArchive>((resolve, reject) => {
    const worker = new Worker(workerUrl, {
      name: "archive-reader",
      workerData: input,
      // The reader allocates chunks and drops them at once: a small young generation collects
      // them as often, so that the thread takes a few MiB whatever the package's size.
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
    });
    let settled = false;
    /** Settles once: the first of the answer, a fault, the exit and the time budget wins. */
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      outcome();
    };
    // A package that decompresses slowly on purpose must not keep a thread and a slot for ever.
    const { maxSeconds } = input.limits;
    const deadline = setTimeout(() => {
      settle(() => {
        // Answered once the thread has stopped: the caller may then remove what it was writing.
        const refusal = new HttpError(
          400,
          `Invalid package: it takes more than ${maxSeconds} seconds to unpack`,
        );
        void worker.terminate().finally(() => {
          reject(refusal);
        });
      });
    }, maxSeconds * 1000);
    worker.once("message", (reply: ArchiveWorkerReply) => {
      settle(() => {
        void worker.terminate();
        if (reply.kind === "unpacked") resolve(reply.archive);
        else if (reply.kind === "refused") reject(new HttpError(reply.statusCode, reply.message));
        else reject(new Error(`The archive reader failed: ${reply.message}`));
      });
    });
    worker.once("error", (error: unknown) => {
      settle(() => {
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
    worker.once("exit", (code) => {
      settle(() => {
        reject(new Error(`The archive reader ended (exit code ${code}) without an answer`));
      });
    });
  });
}
