import { HttpError } from "@anbox-dashboard/http-kit";

export type ArchiveFormat = "zip" | "tar.bz2";

/** Which archive the bytes are, from their magic number; undefined when neither. */
export function detectArchiveFormat(data: Uint8Array): ArchiveFormat | undefined {
  if (data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b) {
    if ((data[2] === 3 && data[3] === 4) || (data[2] === 5 && data[3] === 6)) return "zip";
  }
  if (data.length >= 3 && data[0] === 0x42 && data[1] === 0x5a && data[2] === 0x68)
    return "tar.bz2";
  return undefined;
}

/** The format of an upload, or a 400 naming the two that are accepted. */
export function requireArchiveFormat(data: Uint8Array): ArchiveFormat {
  const format = detectArchiveFormat(data);
  if (format === undefined) {
    throw new HttpError(
      400,
      "Invalid package: it is neither a zip archive nor a bzip2-compressed tarball",
    );
  }
  return format;
}
