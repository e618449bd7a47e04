import type { ArchiveLimits } from "./archive-limits.ts";
import type { UnpackedArchive } from "./unpack-archive.ts";

/** What the archive worker is started with (as its `workerData`). */
export interface ArchiveWorkerInput {
  /** The archive file, read by offset (never whole). */
  path: string;
  limits: ArchiveLimits;
  /** The paths whose bytes to answer; all of them when undefined. Ignored with `outputDirectory`. */
  keepPaths: string[] | undefined;
  /** A kept file declared larger than this is refused (a manifest, a metadata file); no bound when undefined. */
  maxKeptBytes?: number | undefined;
  /** Write every file under this directory as it is unpacked, answering no bytes. */
  outputDirectory?: string | undefined;
}

/** The one message the archive worker answers with. */
export type ArchiveWorkerReply =
  | { kind: "unpacked"; archive: UnpackedArchive }
  /** An `HttpError`: a refusal to answer as it is. */
  | { kind: "refused"; statusCode: number; message: string }
  /** Anything else: a fault of the reader, not of the package. */
  | { kind: "failed"; message: string };
