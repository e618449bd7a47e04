import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import { dirname, resolve, sep } from "node:path";
import { HttpError } from "@anbox-dashboard/http-kit";

/**
 * A file of an archive as the reader unpacks it: a safe relative path ("extra-data/a/b.obb") and
 * its bytes, in an ArrayBuffer of its own so that the worker can hand it over without a copy.
 */
export interface UnpackedEntry {
  path: string;
  /** Undefined when the caller did not want them in memory: they were checked, then dropped or written. */
  data: Uint8Array | undefined;
}

/** Whether the bytes of the file at `path` are wanted. */
export type KeepBytes = (path: string) => boolean;

/** Takes the bytes of one file as they are unpacked. */
export interface EntryWriter {
  /** `chunk` may be reused once this returns: a writer copies what it keeps. */
  write(chunk: Uint8Array): void;
  /** The bytes kept in memory, if any. Called once every byte has arrived and been checked. */
  close(): Uint8Array | undefined;
  /** The entry was refused half way: release what was opened. */
  abandon(): void;
}

/** Where the readers put the files they unpack. */
export interface EntrySink {
  /** A writer for the file at `path` of `size` declared bytes, or undefined to check and drop them. */
  open(path: string, size: number): EntryWriter | undefined;
}

/**
 * Keeps in memory the bytes of the files `keep` wants; the others are checked and dropped. A wanted
 * file declared larger than `maxKeptBytes` is refused at its header, before a byte is kept.
 */
export function memorySink(keep: KeepBytes, maxKeptBytes = Number.POSITIVE_INFINITY): EntrySink {
  return {
    open: (path, size) => {
      if (!keep(path)) return undefined;
      if (size > maxKeptBytes) {
        throw new HttpError(400, `Invalid package: ${path} is larger than ${maxKeptBytes} bytes`);
      }
      const data = new Uint8Array(size);
      let filled = 0;
      return {
        write: (chunk) => {
          data.set(chunk.subarray(0, Math.max(0, size - filled)), filled);
          filled += chunk.length;
        },
        close: () => data,
        abandon: () => undefined,
      };
    },
  };
}

/**
 * Writes every file under `directory` as it is unpacked, a chunk at a time (the bootstrap). The
 * reader refused unsafe paths already; the check here keeps the write safe on its own.
 */
export function directorySink(directory: string): EntrySink {
  const root = resolve(directory) + sep;
  return {
    open: (path) => {
      const target = resolve(directory, path);
      if (!target.startsWith(root)) throw new Error(`entry ${path} is outside the package`);
      mkdirSync(dirname(target), { recursive: true });
      const fd = openSync(target, "w");
      let open = true;
      const closeOnce = () => {
        if (open) closeSync(fd);
        open = false;
      };
      return {
        write: (chunk) => {
          let written = 0;
          while (written < chunk.length) {
            written += writeSync(fd, chunk, written, chunk.length - written);
          }
        },
        close: () => {
          closeOnce();
          return undefined;
        },
        abandon: closeOnce,
      };
    },
  };
}
