import { HttpError } from "@anbox-dashboard/http-kit";

export type ArchiveFormat = "zip" | "tar" | "tar.gz" | "tar.bz2";

/** How many first bytes `detectArchiveFormat` needs: a plain tar's magic is at 257. */
export const formatHeadBytes = 512;

function startsWith(data: Uint8Array, bytes: readonly number[], at = 0): boolean {
  return bytes.every((byte, index) => data[at + index] === byte);
}

const ustar = [0x75, 0x73, 0x74, 0x61, 0x72];

/** Which archive the bytes are, from their magic number (the name is not trusted); undefined when none. */
export function detectArchiveFormat(data: Uint8Array): ArchiveFormat | undefined {
  if (startsWith(data, [0x50, 0x4b, 3, 4]) || startsWith(data, [0x50, 0x4b, 5, 6])) return "zip";
  if (startsWith(data, [0x1f, 0x8b])) return "tar.gz";
  if (startsWith(data, [0x42, 0x5a, 0x68])) return "tar.bz2";
  if (startsWith(data, ustar, 257)) return "tar";
  return undefined;
}

/** Compressions recognised by their magic number, and refused by name. */
const unsupported: { name: string; magic: number[] }[] = [
  { name: "xz", magic: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00] },
  { name: "zstd", magic: [0x28, 0xb5, 0x2f, 0xfd] },
];

/** The format of a package from its first bytes, or a 400 naming the ones that are accepted. */
export function requireArchiveFormat(data: Uint8Array): ArchiveFormat {
  const format = detectArchiveFormat(data);
  if (format !== undefined) return format;
  const known = unsupported.find(({ magic }) => startsWith(data, magic));
  if (known) {
    throw new HttpError(
      400,
      `Invalid package: ${known.name} compression is not supported: recompress the tarball with gzip`,
    );
  }
  throw new HttpError(
    400,
    "Invalid package: it is neither a zip archive nor a tarball (plain, gzip- or bzip2-compressed)",
  );
}
