// Builds image packages for tests: tar archives from tar-stream, plain or compressed by zlib or by
// the system's bzip2 (the reader must accept what the real tools make). "xz" is only its magic
// number in front of the tar: the reader refuses xz by it, without decompressing anything.
import { execFileSync } from "node:child_process";
import { gzipSync } from "node:zlib";
import { pack as tarPack } from "tar-stream";

export type Compression = "none" | "gzip" | "bzip2" | "xz";

/** A tar archive of `files`, and of `links` (symlinks, with their targets) after them. */
export async function tarArchive(
  files: Record<string, string | Uint8Array>,
  links: { name: string; type: "symlink"; linkname: string }[] = [],
): Promise<Buffer> {
  const pack = tarPack();
  const chunks: Buffer[] = [];
  pack.on("data", (chunk: unknown) => {
    chunks.push(Buffer.from(chunk as Uint8Array));
  });
  const ended = new Promise<void>((resolve) =>
    pack.on("end", () => {
      resolve();
    }),
  );
  for (const [name, content] of Object.entries(files)) {
    pack.entry({ name }, Buffer.from(content));
  }
  for (const link of links) pack.entry(link);
  pack.finalize();
  await ended;
  return Buffer.concat(chunks);
}

export function compress(data: Buffer, compression: Compression): Buffer {
  if (compression === "gzip") return gzipSync(data);
  if (compression === "bzip2") return execFileSync("bzip2", ["-c"], { input: data });
  if (compression === "xz") {
    return Buffer.concat([Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]), data]);
  }
  return data;
}

/** A valid image package: `metadata.yaml` with `architecture`, and a root filesystem file. */
export async function imagePackage(
  compression: Compression = "gzip",
  metadata = "architecture: amd64\n",
): Promise<Buffer> {
  const tar = await tarArchive({
    "rootfs/system/build.prop": "ro.build.version.release=14\n",
    "metadata.yaml": metadata,
  });
  return compress(tar, compression);
}
