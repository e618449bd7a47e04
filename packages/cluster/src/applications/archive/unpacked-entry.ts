/**
 * A file of an archive as the reader unpacks it: a safe relative path ("extra-data/a/b.obb") and
 * its bytes, in an ArrayBuffer of its own so that the worker can hand it over without a copy.
 */
export interface UnpackedEntry {
  path: string;
  /** Undefined when the caller did not want them: they were unpacked and checked, then dropped. */
  data: Uint8Array | undefined;
}

/** Whether the bytes of the file at `path` are wanted. */
export type KeepBytes = (path: string) => boolean;

/**
 * The bytes in an ArrayBuffer of their own: a small zlib result or a Buffer slice shares its
 * memory with others, and a shared ArrayBuffer cannot be handed to another thread.
 */
export function ownedBytes(view: Uint8Array): Uint8Array {
  const ownsItsBuffer =
    view.buffer instanceof ArrayBuffer &&
    view.byteOffset === 0 &&
    view.byteLength === view.buffer.byteLength;
  return ownsItsBuffer ? view : new Uint8Array(view);
}
