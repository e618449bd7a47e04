import { createHash, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, expect, test, type Page } from "@playwright/test";
import {
  startRemoteClusterProcess,
  type RemoteClusterProcess,
} from "@anbox-dashboard/cluster/testing/remote-cluster";
import { chromiumFlags } from "../helpers/chromium-flags.ts";
import { skipWithoutSdk, startCustomerSite, type CustomerSite } from "../helpers/customer-site.ts";
import { streamScreen } from "../helpers/streamable-instance.ts";
import { framesShown, pressAndSeeItShown } from "../helpers/video-pixels.ts";

// The public streaming SDK's own connector (AnboxStreamGatewayConnector), unmodified, in a
// customer's page on another origin, joining a session straight at a stream gateway on another
// machine: the embedded cloud run on its own over TLS (`bin/cluster serve`), as an operator runs
// it. The SDK posts the join with the gateway's token from the browser (a cross-origin call with
// a preflight), takes the absolute wss:// signaling URL and the STUN servers the gateway answers,
// and plays: ready, frames shown, a touch that reaches the device. The browser trusts the
// cluster's self-signed certificate by its key alone (--ignore-certificate-errors-spki-list),
// as a customer's browser would trust a certificate of their own authority.

interface SdkEvent {
  kind: "ready" | "error" | "done" | "message";
  detail?: unknown;
}

let remote: RemoteClusterProcess;
let site: CustomerSite;

// Canonical's SDK is not in this repository: without it beside the checkout (or in
// ANBOX_SDK_DIR), this file's test is skipped, saying what it needs (and nothing is started).
skipWithoutSdk(test);

test.beforeAll(async () => {
  test.setTimeout(60_000);
  remote = await startRemoteClusterProcess("sdk-gateway");
  site = await startCustomerSite();
});

test.afterAll(async () => {
  await site.close();
  await remote.destroy();
});

/** The base64 SHA-256 of a certificate's public key, as Chromium's SPKI list takes it. */
function spkiHash(certificateFile: string): string {
  const key = new X509Certificate(readFileSync(certificateFile)).publicKey;
  return createHash("sha256")
    .update(key.export({ type: "spki", format: "der" }))
    .digest("base64");
}

/** Creates a streamable instance on the remote cluster and answers its session's id. */
async function streamableSession(): Promise<string> {
  const created = await remote.call("POST", "/1.0/instances", {
    name: `sdk-gateway-${String(Date.now())}`,
    image_id: "jammy:android15:amd64",
    config: { enable_streaming: true, display: { ...streamScreen, fps: 30, density: 240 } },
  });
  const operation = (created.body as { operation?: string }).operation;
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const waited = await remote.call("GET", `${operation ?? ""}/wait?timeout=60`);
  const { resources } = (waited.body as { metadata: { resources: { instances: string[] } } })
    .metadata;
  const instance = await remote.call("GET", resources.instances[0] ?? "");
  const { tags } = (instance.body as { metadata: { tags: string[] } }).metadata;
  const tag = tags.find((candidate) => candidate.startsWith("session="));
  if (tag === undefined) throw new Error(`no session tag in ${JSON.stringify(tags)}`);
  return tag.slice("session=".length);
}

function sdkEvents(page: Page): Promise<SdkEvent[]> {
  return page.evaluate(() => (window as unknown as { sdkEvents: SdkEvent[] }).sdkEvents);
}

test("the SDK's own gateway connector joins a remote gateway over TLS from the browser and plays", async () => {
  test.setTimeout(120_000);
  const session = await streamableSession();
  const profile = mkdtempSync(join(tmpdir(), "sdk-gateway-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    args: [
      ...chromiumFlags,
      `--ignore-certificate-errors-spki-list=${spkiHash(join(remote.dataDir, "tls", "server.crt"))}`,
    ],
  });
  try {
    const page = await context.newPage();
    const query = new URLSearchParams({
      gateway: remote.gatewayUrl,
      authToken: readFileSync(remote.tokenFile, "utf8").trim(),
      session,
      screen: JSON.stringify({ width: streamScreen.width, height: streamScreen.height }),
    });
    await page.goto(`${site.url}/?${query.toString()}`);
    await expect(page.locator("body[data-loaded]")).toBeAttached();
    await page.getByRole("button", { name: "Connect" }).click();
    await expect.poll(() => sdkEvents(page), { timeout: 20_000 }).toContainEqual({ kind: "ready" });
    const video = page.locator("#player video");
    await expect.poll(() => framesShown(video), { timeout: 15_000 }).toBeGreaterThan(10);

    await pressAndSeeItShown(page, video, { x: 360, y: 1000 }, streamScreen);
    await page.mouse.up();
    expect((await sdkEvents(page)).filter((event) => event.kind === "error")).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
