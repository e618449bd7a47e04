import { existsSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { currentDashboard, repositoryRoot } from "./product.ts";

// A customer's web site that embeds a stream, on a loopback port of its own (another origin than
// the dashboard's): its page (e2e/sdk-page), Canonical's public streaming SDK as it is
// (shared/reference, served from there, never copied), and its backend's join, which calls the
// dashboard's public join of a share link server-side and hands the answer on untouched, as the
// SDK's documentation has customers do.

/**
 * Canonical's SDK is not part of this repository: it is read from `ANBOX_SDK_DIR` when set, else
 * from `shared/reference/anbox-streaming-sdk` beside the checkout.
 */
const sdkDir =
  process.env.ANBOX_SDK_DIR ??
  join(repositoryRoot, "..", "shared", "reference", "anbox-streaming-sdk");
const sdkFile = join(sdkDir, "anbox-stream-sdk.js");
const pageFile = join(repositoryRoot, "e2e", "sdk-page", "index.html");

/**
 * Skips the tests of the describe (or file) it is called in when the SDK is not there, with the
 * reason, which the test report shows beside them, and says it on the runner's output too (the
 * list reporter shows no skip reason).
 */
export function skipWithoutSdk(test: {
  skip(condition: boolean, description: string): void;
}): void {
  const missing = sdkMissingReason();
  if (missing !== undefined) console.warn(`Skipped: ${missing}`);
  test.skip(missing !== undefined, missing ?? "");
}

/** Why the specs that play a stream with the SDK cannot run here; undefined when they can. */
function sdkMissingReason(file: string = sdkFile): string | undefined {
  if (existsSync(file)) return undefined;
  return `Canonical's public streaming SDK is not at ${file}, and the specs that play a stream with it need it: put its anbox-streaming-sdk folder in ../shared/reference/ beside this checkout, or name the folder in ANBOX_SDK_DIR`;
}

export interface CustomerSite {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the site; `sdk` is the SDK file it serves (the one beside the checkout unless told). It
 * joins streams through the running test's dashboard.
 */
export async function startCustomerSite(sdk: string = sdkFile): Promise<CustomerSite> {
  const dashboardUrl = currentDashboard().url;
  const server = createServer((request, response) => {
    void answer(request, response, sdk, dashboardUrl).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      // Said once: after the answer's head has gone, a failure can only cut the answer short.
      if (response.headersSent) {
        response.destroy();
        return;
      }
      response.writeHead(500, { "content-type": "text/plain" });
      response.end(`The customer site failed: ${message}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

async function answer(
  request: IncomingMessage,
  response: ServerResponse,
  sdk: string,
  dashboardUrl: string,
): Promise<void> {
  const url = new URL(request.url ?? "/", "http://customer.invalid");
  if (request.method === "GET" && url.pathname === "/anbox-stream-sdk.js") {
    const missing = sdkMissingReason(sdk);
    if (missing !== undefined) {
      response.writeHead(500, { "content-type": "text/plain" });
      response.end(missing);
      return;
    }
    // Read before the head is written: a failure then is answered whole, by the caller.
    const script = readFileSync(sdk);
    response.writeHead(200, { "content-type": "text/javascript" });
    response.end(script);
  } else if (request.method === "GET" && url.pathname === "/") {
    const page = readFileSync(pageFile);
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(page);
  } else if (request.method === "POST" && url.pathname === "/join") {
    const token = url.searchParams.get("token") ?? "";
    const joined = await fetch(
      `${dashboardUrl}/api/public/streams/${encodeURIComponent(token)}/join`,
      { method: "POST", headers: { "content-type": "application/json" }, body: "{}" },
    );
    const body = await joined.text();
    response.writeHead(joined.status, { "content-type": "application/json" });
    response.end(body);
  } else {
    response.writeHead(404, { "content-type": "text/plain" });
    response.end("not found");
  }
}
