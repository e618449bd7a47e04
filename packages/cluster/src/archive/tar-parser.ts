import { HttpError } from "@anbox-dashboard/http-kit";
import type { ArchiveLimits } from "./archive-limits.ts";
import { safeEntryPath } from "./safe-entry-path.ts";
import type { UnpackBudget } from "./unpack-budget.ts";
import type { EntrySink, EntryWriter, UnpackedEntry } from "./unpacked-entry.ts";

const blockBytes = 512;
/** Extended headers (pax records, GNU long names) hold a path or two, never this much. */
const maxExtendedHeaderBytes = 1024 * 1024;
/** More extended headers than this before one entry is no real tarball. */
const maxExtendedHeadersPerEntry = 8;

/** Type flags of entries refused by name, as tar-stream named them. */
const refusedTypeNames: Record<string, string> = {
  "1": "link",
  "2": "symlink",
  "3": "character-device",
  "4": "block-device",
  "6": "fifo",
  "7": "contiguous-file",
};

export function tarballDamaged(detail: string): HttpError {
  return new HttpError(400, `Invalid package: the tarball is damaged (${detail})`);
}

const utf8 = new TextDecoder();

function text(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  return utf8.decode(end < 0 ? bytes : bytes.subarray(0, end));
}

/** A numeric header field: octal text, or base-256 when its first byte has the high bit set. */
function readNumber(header: Uint8Array, offset: number, length: number): number {
  const field = header.subarray(offset, offset + length);
  let value: number;
  if (((field[0] ?? 0) & 0x80) !== 0) {
    if (field[0] === 0xff) throw tarballDamaged("a header holds a negative number");
    value = (field[0] ?? 0) & 0x7f;
    for (const byte of field.subarray(1)) value = value * 256 + byte;
  } else {
    const digits = text(field).trim();
    if (!/^[0-7]*$/.test(digits)) throw tarballDamaged("a header holds a malformed number");
    value = digits === "" ? 0 : parseInt(digits, 8);
  }
  if (!Number.isSafeInteger(value)) throw tarballDamaged("a header holds a number out of range");
  return value;
}

function checksumMatches(header: Uint8Array): boolean {
  let sum = 8 * 0x20; // the checksum field itself counts as spaces
  for (let index = 0; index < blockBytes; index++) {
    if (index < 148 || index >= 156) sum += header[index] ?? 0;
  }
  return sum === readNumber(header, 148, 8);
}

type TarFormat = "ustar" | "gnu";

function formatOf(header: Uint8Array): TarFormat | undefined {
  const magic = String.fromCharCode(...header.subarray(257, 265));
  if (magic === "ustar\u000000") return "ustar";
  if (magic === "ustar  \u0000") return "gnu";
  return undefined;
}

/** The records of a pax extended header ("<length> <key>=<value>\n" each). */
function parsePax(data: Uint8Array): Map<string, string> {
  const records = new Map<string, string>();
  let offset = 0;
  while (offset < data.length && data[offset] !== 0) {
    const space = data.indexOf(0x20, offset);
    const length = space < 0 ? NaN : Number(utf8.decode(data.subarray(offset, space)));
    if (
      !Number.isSafeInteger(length) ||
      length <= space - offset ||
      offset + length > data.length
    ) {
      throw tarballDamaged("a pax header is malformed");
    }
    const record = utf8.decode(data.subarray(space + 1, offset + length - 1));
    const equals = record.indexOf("=");
    if (equals < 0) throw tarballDamaged("a pax header is malformed");
    records.set(record.slice(0, equals), record.slice(equals + 1));
    offset += length;
  }
  return records;
}

/** The bytes that follow a header: its data (handed to `writer` when wanted), then padding. */
interface Body {
  writer: EntryWriter | undefined;
  size: number;
  filled: number;
  padding: number;
  onComplete: () => void;
}

/**
 * A tar parser fed in chunks, synchronously, as the decompressor produces them: ustar and GNU
 * headers with pax and GNU long-name extended headers. Every entry is charged to the budget when
 * its header is read, before its data arrives, and a file's data goes straight to the sink's
 * writer (or nowhere, when the sink does not want it). The first zero block ends the archive:
 * nothing after it is wanted.
 */
export class TarParser {
  readonly entries: UnpackedEntry[] = [];
  private readonly budget: UnpackBudget;
  private readonly sink: EntrySink;
  private readonly header = new Uint8Array(blockBytes);
  private headerFilled = 0;
  private body: Body | undefined;
  /** What the extended headers read so far say about the next entry. */
  private pending: { path?: string; size?: number } = {};
  private extendedHeaders = 0;
  private ended = false;
  private readonly specialEntries: ArchiveLimits["specialEntries"];
  private readonly filePaths = new Set<string>();

  constructor(
    budget: UnpackBudget,
    sink: EntrySink,
    specialEntries: ArchiveLimits["specialEntries"] = "refuse",
  ) {
    this.budget = budget;
    this.sink = sink;
    this.specialEntries = specialEntries;
  }

  /** Reads a chunk; returns false once the archive has ended (the rest is not wanted). */
  push(chunk: Uint8Array): boolean {
    let offset = 0;
    while (offset < chunk.length && !this.ended) {
      if (this.body) {
        offset += this.fillBody(this.body, chunk.subarray(offset));
        continue;
      }
      const take = Math.min(blockBytes - this.headerFilled, chunk.length - offset);
      this.header.set(chunk.subarray(offset, offset + take), this.headerFilled);
      this.headerFilled += take;
      offset += take;
      if (this.headerFilled === blockBytes) {
        this.headerFilled = 0;
        this.readHeader();
      }
    }
    return !this.ended;
  }

  /** Called when the input ends: refuses an archive cut inside an entry. */
  finish(): void {
    if (this.body !== undefined || this.headerFilled > 0) {
      throw tarballDamaged("the tar archive ends inside an entry");
    }
  }

  /** Reading stopped on a refusal: releases the writer of the entry being read, if any. */
  abandon(): void {
    this.body?.writer?.abandon();
  }

  private fillBody(body: Body, bytes: Uint8Array): number {
    if (body.filled < body.size) {
      const take = Math.min(body.size - body.filled, bytes.length);
      body.writer?.write(bytes.subarray(0, take));
      body.filled += take;
      if (body.filled === body.size) this.completeBody(body);
      return take;
    }
    const take = Math.min(body.padding, bytes.length);
    body.padding -= take;
    if (body.padding === 0) this.body = undefined;
    return take;
  }

  private startBody(size: number, writer: EntryWriter | undefined, onComplete: () => void): void {
    const body: Body = {
      writer,
      size,
      filled: 0,
      padding: (blockBytes - (size % blockBytes)) % blockBytes,
      onComplete,
    };
    if (size === 0) this.completeBody(body);
    else this.body = body;
  }

  private completeBody(body: Body): void {
    body.onComplete();
    this.body = body.padding > 0 ? body : undefined;
  }

  private readHeader(): void {
    const header = this.header;
    if (header.every((byte) => byte === 0)) {
      this.ended = true;
      return;
    }
    if (!checksumMatches(header)) throw tarballDamaged("a tar header's checksum is wrong");
    const format = formatOf(header);
    if (format === undefined) throw tarballDamaged("a tar header is in an unknown format");
    const type = String.fromCharCode(header[156] ?? 0);
    const size = readNumber(header, 124, 12);
    if (type === "x" || type === "g" || type === "L" || type === "K") {
      this.readExtendedHeader(type, size);
      return;
    }
    const pending = this.pending;
    this.pending = {};
    this.extendedHeaders = 0;
    let name = pending.path ?? text(header.subarray(0, 100));
    const prefix = format === "ustar" ? text(header.subarray(345, 500)) : "";
    if (pending.path === undefined && prefix !== "") name = `${prefix}/${name}`;
    this.readEntry(type, name, pending.size ?? size);
  }

  private readExtendedHeader(type: "x" | "g" | "L" | "K", size: number): void {
    this.extendedHeaders++;
    if (this.extendedHeaders > maxExtendedHeadersPerEntry) {
      throw tarballDamaged(`more than ${maxExtendedHeadersPerEntry} extended headers in a row`);
    }
    if (size > maxExtendedHeaderBytes) {
      throw tarballDamaged(`an extended header is larger than ${maxExtendedHeaderBytes} bytes`);
    }
    this.budget.addBytes(size);
    const data = new Uint8Array(size);
    let filled = 0;
    const collect: EntryWriter = {
      write: (chunk) => {
        data.set(chunk, filled);
        filled += chunk.length;
      },
      close: () => data,
      abandon: () => undefined,
    };
    this.startBody(size, collect, () => {
      if (type === "L") this.pending.path = text(data);
      if (type !== "x") return; // global pax records and GNU long link names change no path
      const records = parsePax(data);
      const path = records.get("path");
      if (path !== undefined) this.pending.path = path;
      const declaredSize = records.get("size");
      if (declaredSize !== undefined) {
        if (!/^\d+$/.test(declaredSize) || !Number.isSafeInteger(Number(declaredSize))) {
          throw tarballDamaged("a pax header holds a malformed size");
        }
        this.pending.size = Number(declaredSize);
      }
    });
  }

  private readEntry(type: string, name: string, size: number): void {
    this.budget.addEntry();
    const isFile = type === "0" || type === "\u0000";
    // Old tarballs mark a directory by a trailing slash on a file entry.
    const isDirectory = type === "5" || (isFile && name.endsWith("/"));
    if (!isFile && !isDirectory) {
      this.readSpecialEntry(type, name, size);
      return;
    }
    const path = safeEntryPath(isDirectory ? `${name}/` : name);
    // Two entries of one path are how an archive shows one file to a checker and another to
    // whoever unpacks it (and how it would make a kept file be kept again and again): refused.
    if (path !== undefined) {
      if (this.filePaths.has(path)) {
        throw new HttpError(400, `Invalid package: entry "${path}" appears more than once`);
      }
      this.filePaths.add(path);
    }
    // Charged before its data is decompressed: a bomb is refused at its header.
    this.budget.addBytes(size);
    const writer = path === undefined ? undefined : this.sink.open(path, size);
    this.startBody(size, writer, () => {
      if (path !== undefined) this.entries.push({ path, data: writer?.close() });
    });
  }

  /**
   * A link, a device or a fifo: refused, or (where the package is only checked) its name checked,
   * its bytes charged and skipped, and nothing listed.
   */
  private readSpecialEntry(type: string, name: string, size: number): void {
    if (this.specialEntries === "refuse") {
      const kind = refusedTypeNames[type] ?? `tar entry of type "${type}"`;
      throw new HttpError(
        400,
        `Invalid package: entry "${name}" is a ${kind}; only files and directories are allowed`,
      );
    }
    safeEntryPath(name);
    this.budget.addBytes(size);
    this.startBody(size, undefined, () => undefined);
  }
}
