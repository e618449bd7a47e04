import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { createGzip } from "node:zlib";

/** One ustar header block for a regular file of `size` bytes. */
function tarHeader(name: string, size: number): Buffer {
  const header = Buffer.alloc(512);
  const put = (text: string, offset: number, length: number) => {
    header.write(text.slice(0, length), offset, length, "ascii");
  };
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, "0");
  put(name, 0, 100);
  put(octal(0o644, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(Math.floor(Date.now() / 1000), 12), 136, 12);
  put("        ", 148, 8);
  put("0", 156, 1);
  put("ustar\u000000", 257, 8);
  let sum = 0;
  for (const byte of header) sum += byte;
  put(`${octal(sum, 7)}\u0000`, 148, 8);
  return header;
}

function padding(size: number): Buffer {
  return Buffer.alloc((512 - (size % 512)) % 512);
}

/**
 * An image package as the cluster takes it: a gzip tar with a top-level metadata.yaml and a
 * rootfs of `payloadBytes` random bytes (random, so gzip cannot shrink it), made as it is read.
 */
export function imagePackage(payloadBytes: number): Readable {
  const metadata = Buffer.from("architecture: x86_64\ncreation_date: 1700000000\n");
  const chunk = 256 * 1024;
  function* blocks(): Generator<Buffer> {
    yield tarHeader("metadata.yaml", metadata.length);
    yield metadata;
    yield padding(metadata.length);
    yield tarHeader("rootfs.img", payloadBytes);
    for (let sent = 0; sent < payloadBytes; sent += chunk) {
      yield randomBytes(Math.min(chunk, payloadBytes - sent));
    }
    yield padding(payloadBytes);
    yield Buffer.alloc(1024);
  }
  return Readable.from(blocks()).pipe(createGzip({ level: 1 }));
}

/** The package whole, for a test that needs its bytes (a small one). */
export async function imagePackageBytes(payloadBytes: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of imagePackage(payloadBytes)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}
