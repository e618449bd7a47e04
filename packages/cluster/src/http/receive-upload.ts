import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync, rmSync } from "node:fs";
import { copyFile, mkdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { jsonNestingMessage, jsonNestsDeeperThan } from "@anbox-dashboard/contract";
import { HttpError } from "@anbox-dashboard/http-kit";
import { releaseDeadBuffers } from "@anbox-dashboard/http-kit";

/** How many bytes pass between two releases of the chunks already written (see `releaseDeadBuffers`). */
const releaseEveryBytes = 8 * 1024 * 1024;

/**
 * Content types an upload may be sent as. The official client sends application/octet-stream; the
 * others are what a package's own type would be.
 */
export const uploadContentTypes = [
  "application/octet-stream",
  "application/zip",
  "application/x-bzip2",
  "application/gzip",
  "application/x-tar",
];

/**
 * Lets the routes registered on `scoped` (an encapsulated plugin) take an upload as the raw
 * request stream: Fastify then neither buffers nor limits these bodies, `receiveUpload` does.
 */
export function passUploadsThrough(scoped: FastifyInstance): void {
  scoped.addContentTypeParser(uploadContentTypes, (_request, payload, done) => {
    done(null, payload);
  });
}

/** Whether a request's body is an upload left as a stream by `passUploadsThrough`. */
export function isUploadStream(body: unknown): body is Readable {
  return body instanceof Readable;
}

/** An upload received whole into a temporary file of the cluster's data directory. */
export interface ReceivedUpload {
  /** The temporary file; `keepAs` moves it, `discard` removes it. */
  path: string;
  /** Hex SHA-256 of the bytes received. */
  sha256: string;
  size: number;
  /** `X-AMS-Request` parsed, or undefined when the client sent none. */
  amsRequest: unknown;
  /** Moves the file to `target` (under the same data directory), creating its directory. */
  keepAs(target: string): Promise<void>;
  discard(): Promise<void>;
}

export interface UploadOptions {
  dataDir: string;
  maxBytes: number;
  /** What the upload is, for messages ("image package", "package"). */
  what: string;
}

/** Where uploads are written while they arrive. */
export function uploadTemporaryDirectory(dataDir: string): string {
  return join(dataDir, "uploads");
}

/**
 * Removes what uploads cut short by a crash left behind: called once when the cluster starts, before
 * any upload can be under way.
 */
export function clearUploadTemporaryDirectory(dataDir: string): void {
  const directory = uploadTemporaryDirectory(dataDir);
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
}

function temporaryPath(dataDir: string): string {
  return join(
    uploadTemporaryDirectory(dataDir),
    `${Date.now()}-${randomBytes(8).toString("hex")}.part`,
  );
}

function receivedAt(
  initialPath: string,
  sha256: string,
  size: number,
  amsRequest: unknown,
): ReceivedUpload {
  let path = initialPath;
  return {
    get path() {
      return path;
    },
    sha256,
    size,
    amsRequest,
    keepAs: async (target) => {
      await mkdir(dirname(target), { recursive: true });
      await rename(path, target);
      path = target;
    },
    discard: () => rm(path, { force: true }),
  };
}

/**
 * A copy of a package the cluster has as a file (an application of the registry), received as an
 * upload would be: the caller then treats both alike, moving or discarding its copy.
 */
export async function receiveFileCopy(source: string, dataDir: string): Promise<ReceivedUpload> {
  await mkdir(uploadTemporaryDirectory(dataDir), { recursive: true });
  const path = temporaryPath(dataDir);
  try {
    await copyFile(source, path);
    const hash = createHash("sha256");
    await pipeline(createReadStream(path), hash);
    const { size } = await stat(path);
    return receivedAt(path, hash.digest("hex"), size, undefined);
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}

/** `X-AMS-Request` parsed; 400 when it is not JSON. Undefined when absent. */
export function readAmsRequestHeader(request: FastifyRequest): unknown {
  const header = request.headers["x-ams-request"];
  if (typeof header !== "string" || header === "") return undefined;
  if (jsonNestsDeeperThan(header)) throw new HttpError(400, `X-AMS-Request: ${jsonNestingMessage}`);
  try {
    return JSON.parse(header) as unknown;
  } catch {
    throw new HttpError(400, "X-AMS-Request is not valid JSON");
  }
}

function tooLarge(options: UploadOptions): HttpError {
  return new HttpError(
    413,
    `The ${options.what} is larger than the upload limit of ${options.maxBytes} bytes`,
  );
}

/** Counts and hashes the bytes that pass, and fails as soon as more than `maxBytes` have. */
class MeasuringStream extends Transform {
  readonly hash = createHash("sha256");
  size = 0;
  private readonly limit: number;
  private readonly refusal: () => Error;

  constructor(limit: number, refusal: () => Error) {
    super();
    this.limit = limit;
    this.refusal = refusal;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.limit) {
      callback(this.refusal());
      return;
    }
    this.hash.update(chunk);
    if (
      Math.floor(this.size / releaseEveryBytes) >
      Math.floor((this.size - chunk.length) / releaseEveryBytes)
    ) {
      releaseDeadBuffers();
    }
    callback(null, chunk);
  }
}

/**
 * Streams a request's raw body into a temporary file, computing its SHA-256 and size as it goes, so
 * that an upload of any size takes a few chunks of memory. Refuses with 413 before reading when
 * Content-Length is past `maxBytes`, and as soon as a body without one passes it; checks
 * `X-AMS-Fingerprint` when sent (400 naming both hashes). The temporary file is removed whenever
 * this throws (limit, client gone, disk error, fingerprint); afterwards the caller owns it.
 */
export async function receiveUpload(
  request: FastifyRequest,
  options: UploadOptions,
): Promise<ReceivedUpload> {
  const body = request.body;
  if (!isUploadStream(body)) {
    throw new HttpError(
      400,
      `Send the ${options.what} as the raw body with Content-Type: application/octet-stream`,
    );
  }
  const amsRequest = readAmsRequestHeader(request);
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > options.maxBytes) throw tooLarge(options);
  if (declared === 0) throw new HttpError(400, `The ${options.what} is empty`);

  await mkdir(uploadTemporaryDirectory(options.dataDir), { recursive: true });
  const path = temporaryPath(options.dataDir);
  const measure = new MeasuringStream(options.maxBytes, () => tooLarge(options));
  try {
    await pipeline(body, measure, createWriteStream(path, { flags: "wx" }));
  } catch (error) {
    await rm(path, { force: true });
    if (error instanceof HttpError) throw error;
    if (request.raw.destroyed || request.raw.readableAborted) {
      throw new HttpError(400, `The ${options.what} upload was cut short by the client`);
    }
    throw error;
  }
  const sha256 = measure.hash.digest("hex");
  const discard = () => rm(path, { force: true });
  if (measure.size === 0) {
    await discard();
    throw new HttpError(400, `The ${options.what} is empty`);
  }
  const fingerprint = request.headers["x-ams-fingerprint"];
  if (
    typeof fingerprint === "string" &&
    fingerprint !== "" &&
    fingerprint.toLowerCase() !== sha256
  ) {
    await discard();
    throw new HttpError(
      400,
      `The ${options.what}'s SHA-256 is ${sha256}, not the X-AMS-Fingerprint ${fingerprint}`,
    );
  }
  return receivedAt(path, sha256, measure.size, amsRequest);
}
