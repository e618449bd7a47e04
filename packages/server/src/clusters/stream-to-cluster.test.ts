import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { streamToEndpoint } from "./stream-to-cluster.ts";
import { socketEndpoint } from "./cluster-endpoint.ts";

// A service that answers once the whole body has come: a body that never ends would hold it.
let directory: string;
let socketPath: string;
let service: Server;
const received: number[] = [];

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "stream-to-cluster-"));
  socketPath = join(directory, "service.socket");
  service = createServer((request, response) => {
    let bytes = 0;
    request.on("data", (chunk: Buffer) => (bytes += chunk.length));
    request.on("end", () => {
      received.push(bytes);
      response.end(JSON.stringify({ bytes }));
    });
  });
  await new Promise<void>((resolve) => service.listen(socketPath, resolve));
});

afterAll(async () => {
  service.closeAllConnections();
  await new Promise((resolve) => service.close(resolve));
  rmSync(directory, { recursive: true, force: true });
});

const unreachable = (message: string) => new Error(`unreachable: ${message}`);

describe("streamToEndpoint", () => {
  it("sends a body through and answers what the service said", async () => {
    const answer = await streamToEndpoint(
      socketEndpoint(socketPath),
      {
        path: "/upload",
        body: Readable.from([Buffer.alloc(1000), Buffer.alloc(24)]),
        maxBytes: 4096,
      },
      unreachable,
    );
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ bytes: 1024 });
  });

  it("fails at once, sending nothing, for a body that failed before it came (a form cut short)", async () => {
    const body = new Readable({ read: () => undefined });
    // As the upload route's form parser: the failure was heard (and answered) there already.
    body.on("error", () => undefined);
    body.destroy(new Error("Unexpected end of form"));
    await new Promise((resolve) => setImmediate(resolve));
    const before = received.length;
    await expect(
      streamToEndpoint(
        socketEndpoint(socketPath),
        { path: "/upload", body, maxBytes: 4096 },
        unreachable,
      ),
    ).rejects.toThrow("Unexpected end of form");
    expect(received.length).toBe(before);
  });
});
