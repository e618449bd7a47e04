import type { PackageLimits } from "../package-limits.ts";
import type { UnpackedArchive } from "./unpack-archive.ts";

/** What the archive worker is started with (as its `workerData`). */
export interface ArchiveWorkerInput {
  data: Uint8Array;
  limits: PackageLimits;
  /** The paths whose bytes to answer; all of them when undefined. */
  keepPaths: string[] | undefined;
}

/** The one message the archive worker answers with. */
export type ArchiveWorkerReply =
  | { kind: "unpacked"; archive: UnpackedArchive }
  /** An `HttpError`: a refusal to answer as it is. */
  | { kind: "refused"; statusCode: number; message: string }
  /** Anything else: a fault of the reader, not of the package. */
  | { kind: "failed"; message: string };
