import type { Page } from "@playwright/test";
import { expect, test } from "../helpers/cluster-test.ts";
import { signUp } from "../helpers/account.ts";
import { skipWithoutSdk, startCustomerSite } from "../helpers/customer-site.ts";
import { createStreamableInstance, streamScreen } from "../helpers/streamable-instance.ts";
import { framesShown, pressAndSeeItShown } from "../helpers/video-pixels.ts";

// Canonical's public streaming SDK, unmodified (shared/reference/anbox-streaming-sdk), in a page of
// its own as a customer embeds it, on another origin (customer-site.ts): a custom connector asks
// the site's backend, which calls the dashboard's public join of a share link, and hands its
// answer to the SDK as it is. With the SDK's default options (sound on,
// signaling API v2), with the sound off, and with API v1 (the client offers), the stream becomes
// ready, shows the device, takes a touch and a key, and, with sound, lets them be heard.

interface SdkEvent {
  kind: "ready" | "error" | "done" | "message";
  detail?: unknown;
}

function sdkEvents(page: Page): Promise<SdkEvent[]> {
  return page.evaluate(() => (window as unknown as { sdkEvents: SdkEvent[] }).sdkEvents);
}

/** A figure of the SDK's peer's inbound sound (summed over its peers), from getStats. */
function inboundAudio(page: Page, field: "totalAudioEnergy" | "packetsReceived"): Promise<number> {
  return page.evaluate(async (name) => {
    let sum = 0;
    for (const peer of (window as unknown as { sdkPeers: RTCPeerConnection[] }).sdkPeers) {
      const stats = await peer.getStats();
      stats.forEach((report: { type?: string; kind?: string } & Record<string, unknown>) => {
        const value = report[name];
        if (report.type === "inbound-rtp" && report.kind === "audio" && typeof value === "number") {
          sum += value;
        }
      });
    }
    return sum;
  }, field);
}

/** The sound the SDK's peer has received and decoded so far (the sum of its samples' energy). */
function audioEnergy(page: Page): Promise<number> {
  return inboundAudio(page, "totalAudioEnergy");
}

/** The sound's RTP packets the SDK's peer has received so far. */
function audioPackets(page: Page): Promise<number> {
  return inboundAudio(page, "packetsReceived");
}

/** A share link of the instance's stream, made through the dashboard's API as the signed-in user. */
async function shareLinkOf(page: Page, instanceName: string): Promise<string> {
  await page.goto("/instances");
  const href = await page
    .getByRole("link", { name: `Stream ${instanceName}` })
    .getAttribute("href");
  const sessionId = decodeURIComponent(href?.split("/").at(-1) ?? "");
  return page.evaluate(async (id) => {
    const response = await fetch(`/api/sessions/${encodeURIComponent(id)}/shares`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ expires_in_minutes: 60, description: "SDK check" }),
    });
    const created = (await response.json()) as { metadata: { token: string } };
    return created.metadata.token;
  }, sessionId);
}

const modes = [
  { name: "the SDK's defaults (sound on, API v2)", options: {}, sound: true },
  { name: "sound off", options: { stream: { audio: false } }, sound: false },
  { name: "signaling API v1", options: { apiVersion: 1 }, sound: true },
];

test("the customer site says in one answer that the SDK is missing, and where it looked", async () => {
  const missing = "/nonexistent/anbox-streaming-sdk/anbox-stream-sdk.js";
  const site = await startCustomerSite(missing);
  try {
    const response = await fetch(`${site.url}/anbox-stream-sdk.js`);
    expect(response.status).toBe(500);
    expect(await response.text()).toContain(
      `Canonical's public streaming SDK is not at ${missing}`,
    );
  } finally {
    await site.close();
  }
});

// Canonical's SDK is not in this repository: without it beside the checkout (or in
// ANBOX_SDK_DIR), the specs that play with it are skipped, saying what they need.
test.describe("with Canonical's SDK", () => {
  skipWithoutSdk(test);

  test("the public streaming SDK plays our stream as it is: defaults, sound off, API v1; it shows, moves and sounds", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signUp(page, "Lynn Conway");
    const { name } = await createStreamableInstance("e2e-sdk");
    const token = await shareLinkOf(page, name);
    const site = await startCustomerSite();

    for (const mode of modes) {
      await test.step(mode.name, async () => {
        const query = new URLSearchParams({ token, options: JSON.stringify(mode.options) });
        await page.goto(`${site.url}/?${query.toString()}`);
        await expect(page.locator("body[data-loaded]")).toBeAttached();
        // A click first, as a visitor does: the browser then lets the page play sound.
        await page.getByRole("button", { name: "Connect" }).click();
        await expect
          .poll(() => sdkEvents(page), { timeout: 20_000 })
          .toContainEqual({
            kind: "ready",
          });
        const video = page.locator("#player video");
        await expect.poll(() => framesShown(video), { timeout: 15_000 }).toBeGreaterThan(10);
        // Sound when asked for: silence as Opus DTX, a packet every 400 ms.
        if (mode.sound) {
          await expect.poll(() => audioPackets(page), { timeout: 5_000 }).toBeGreaterThan(3);
        } else {
          expect(await audioPackets(page)).toBe(0);
        }

        // A touch (the SDK sends the mouse as the device's mouse; its left button touches) shows on
        // the device's screen where it was made, and is heard as a click.
        const silence = await audioEnergy(page);
        if (mode.sound) {
          // Silence sounds like nothing: a second of it adds no energy (a click adds about 1e-4).
          await page.waitForTimeout(1_000);
          expect((await audioEnergy(page)) - silence).toBeLessThan(1e-6);
        }
        await pressAndSeeItShown(page, video, { x: 360, y: 1000 }, streamScreen);
        await page.mouse.up();
        if (mode.sound) {
          await expect.poll(() => audioEnergy(page), { timeout: 5_000 }).toBeGreaterThan(silence);

          // A key: Home reaches the device, which answers with its tone.
          const afterClick = await audioEnergy(page);
          await page.keyboard.press("Home");
          await expect
            .poll(() => audioEnergy(page), { timeout: 5_000 })
            .toBeGreaterThan(afterClick);
        }
        expect((await sdkEvents(page)).filter((event) => event.kind === "error")).toEqual([]);
      });
    }

    // Another client joining the same link watches beside it (several viewers); the link
    // revoked, the SDK page is told why its stream ended.
    const joined = await page.evaluate(async (shareToken) => {
      const response = await fetch(`/join?token=${shareToken}`, { method: "POST" });
      return response.status;
    }, token);
    expect(joined).toBe(200);
    const revoked = await page
      .context()
      .request.delete(`/api/shares/${encodeURIComponent(token)}?clusterId=default`);
    expect(revoked.ok()).toBe(true);
    await expect
      .poll(() => sdkEvents(page), { timeout: 10_000 })
      .toContainEqual({
        kind: "message",
        detail: { type: "stream::ended", data: { message: "The session has ended" } },
      });
    await site.close();
  });
});
