import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";

// An image package as a cluster takes it (a tar.gz with a top-level metadata.yaml naming the
// architecture), written here: a test needs no archive library for one small file.

function tarEntry(name: string, content: Buffer): Buffer {
  const header = Buffer.alloc(512);
  const put = (text: string, offset: number, length: number) => {
    header.write(text, offset, length, "ascii");
  };
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, "0");
  put(name, 0, 100);
  put(octal(0o644, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(content.length, 12), 124, 12);
  put(octal(Math.floor(Date.now() / 1000), 12), 136, 12);
  put("        ", 148, 8);
  put("0", 156, 1);
  put("ustar\u000000", 257, 8);
  let sum = 0;
  for (const byte of header) sum += byte;
  put(`${octal(sum, 7)}\u0000`, 148, 8);
  const padding = Buffer.alloc((512 - (content.length % 512)) % 512);
  return Buffer.concat([header, content, padding]);
}

/** A gzip tar of `payloadBytes` random bytes (gzip cannot shrink them) and its metadata.yaml. */
export function imagePackage(payloadBytes: number): Buffer {
  return gzipSync(
    Buffer.concat([
      tarEntry("metadata.yaml", Buffer.from("architecture: x86_64\n")),
      tarEntry("rootfs.img", randomBytes(payloadBytes)),
      Buffer.alloc(1024),
    ]),
    { level: 1 },
  );
}
