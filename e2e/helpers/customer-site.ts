import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { embeddedDashboard, repositoryRoot } from "./product.ts";

// A customer's web site that embeds a stream, on a loopback port of its own (another origin than
// the dashboard's): its page (e2e/sdk-page), Canonical's public streaming SDK as it is
// (shared/reference, served from there, never copied), and its backend's join, which calls the
// dashboard's public join of a share link server-side and hands the answer on untouched, as the
// SDK's documentation has customers do.

const sdkFile = join(
  repositoryRoot,
  "..",
  "shared",
  "reference",
  "anbox-streaming-sdk",
  "anbox-stream-sdk.js",
);
const pageFile = join(repositoryRoot, "e2e", "sdk-page", "index.html");

export interface CustomerSite {
  url: string;
  close(): Promise<void>;
}

export async function startCustomerSite(): Promise<CustomerSite> {
  const server = createServer((request, response) => {
    void answer(request, response).catch((error: unknown) => {
      response.writeHead(500, { "content-type": "text/plain" });
      response.end(String(error));
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

async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", "http://customer.invalid");
  if (request.method === "GET" && url.pathname === "/anbox-stream-sdk.js") {
    response.writeHead(200, { "content-type": "text/javascript" });
    response.end(readFileSync(sdkFile));
  } else if (request.method === "GET" && url.pathname === "/") {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(readFileSync(pageFile));
  } else if (request.method === "POST" && url.pathname === "/join") {
    const token = url.searchParams.get("token") ?? "";
    const joined = await fetch(
      `${embeddedDashboard.url}/api/public/streams/${encodeURIComponent(token)}/join`,
      { method: "POST", headers: { "content-type": "application/json" }, body: "{}" },
    );
    response.writeHead(joined.status, { "content-type": "application/json" });
    response.end(await joined.text());
  } else {
    response.writeHead(404, { "content-type": "text/plain" });
    response.end("not found");
  }
}
