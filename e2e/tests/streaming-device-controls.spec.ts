import { readFileSync } from "node:fs";
import { type Locator, type Page } from "@playwright/test";
import type { BugReport } from "@anbox-dashboard/contract";
import { expect, test } from "../helpers/cluster-test.ts";
import { expectNoAccessibilityViolations, tabTo } from "../helpers/accessibility.ts";
import { expectFitsWindow } from "../helpers/fits-window.ts";
import { streamNewInstance, video } from "../helpers/stream-page.ts";
import { apkBytes } from "../helpers/application-package.ts";
import { difference, pixelsAround } from "../helpers/video-pixels.ts";

// The device controls beside a stream (issue 39), end to end: each control goes through the
// dashboard to the embedded cluster's virtual device, whose screen then shows it (read back from
// the decoded video), and whose state comes back to the panel over the stream's control channel.

/** Where a line of the device's state is drawn on a 720×1280 screen (screen-scene.ts). */
function deviceRow(index: number, x = 250) {
  return { x, y: 320 + index * 36 };
}
const rows = { location: 0, battery: 2, network: 3, camera: 4, sms: 5, clipboard: 7, apps: 9 };

/** Waits until the device's screen around `point` no longer looks as it did. */
async function expectScreenChanged(page: Page, point: { x: number; y: number }, before: number[]) {
  await expect
    .poll(async () => difference(before, await pixelsAround(video(page), point)), {
      timeout: 10_000,
    })
    .toBeGreaterThan(8);
}

/** Three points along the Spree in Berlin: 678 m east, then 1112 m north. */
const spreeRoute = `<?xml version="1.0"?>
<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Along the Spree</name>
<trkseg><trkpt lat="52.52" lon="13.40"><ele>30</ele></trkpt><trkpt lat="52.52" lon="13.41"><ele>40</ele></trkpt>
<trkpt lat="52.53" lon="13.41"><ele>40</ele></trkpt></trkseg></trk></gpx>`;

/** A 32×24 yellow PNG. */
const yellowPicture =
  "iVBORw0KGgoAAAANSUhEUgAAACAAAAAYCAYAAACbU/80AAAABHNCSVQICAgIfAhkiAAAAAFzUkdCAK7OHOkAAAAvSURBVEiJ7c5BAQAwCMSwY0rwrwonTAaf1EBTM7057F3OAQAAAAAAAAAAAACS5APiUQMPb2WLZwAAAABJRU5ErkJggg==";

/** Drops a file on the stream, as a file dragged from the desktop is. */
async function dropFile(page: Page, name: string, bytes: Buffer) {
  const stage = page.locator(".stream-player__stage");
  const dataTransfer = await page.evaluateHandle(
    ({ fileName, data }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], fileName));
      return transfer;
    },
    { fileName: name, data: [...bytes] },
  );
  await stage.dispatchEvent("dragenter", { dataTransfer });
  await expect(page.locator(".stream-player__drop")).toHaveText(/Drop to send into/);
  await stage.dispatchEvent("drop", { dataTransfer });
  await expect(page.locator(".stream-player__drop")).toBeHidden();
}

function panelOf(page: Page): Locator {
  return page.getByRole("complementary", { name: "Device controls" });
}

test("device controls: location, battery, an SMS and the clipboard both ways reach the device's screen and come back", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const instance = await streamNewInstance(page, "Grace Hopper");

  const opener = page.getByRole("button", { name: "Device controls" });
  await opener.click();
  const panel = panelOf(page);
  await expect(panel.getByText("No location set yet.")).toBeVisible();
  await expectNoAccessibilityViolations(page, { within: ".device-controls" });

  // A named place, set: the panel says it, and the device's screen shows it.
  const locationBefore = await pixelsAround(video(page), deviceRow(rows.location));
  await panel.getByRole("button", { name: "Berlin" }).click();
  await panel.getByRole("button", { name: "Set location" }).click();
  await expect(
    panel.getByText(/^Now at 52\.52000, 13\.40500, 0 m \(1 set so far\)\.$/),
  ).toBeVisible();
  await expectScreenChanged(page, deviceRow(rows.location), locationBefore);

  // A latitude out of range is refused in the form, naming it; nothing is sent.
  const latitude = panel.getByRole("spinbutton", { name: "Latitude (°)" });
  await latitude.fill("91");
  await panel.getByRole("button", { name: "Set location" }).click();
  await expect(panel.getByText("Degrees between -90 and 90")).toBeVisible();
  await expect(panel.getByText(/\(1 set so far\)/)).toBeVisible();

  // The battery, from the keyboard alone: 15%, not charging.
  const batteryBefore = await pixelsAround(video(page), deviceRow(rows.battery));
  const level = panel.getByRole("slider", { name: "Level" });
  await tabTo(page, level);
  await page.keyboard.press("Home");
  for (let step = 0; step < 15; step++) await page.keyboard.press("ArrowRight");
  await expect(level).toHaveValue("15");
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("checkbox", { name: "Charging" })).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(panel.getByText("Now 15%, on battery.")).toBeVisible();
  await expectScreenChanged(page, deviceRow(rows.battery), batteryBefore);

  // An SMS.
  const smsBefore = await pixelsAround(video(page), deviceRow(rows.sms));
  await panel.getByRole("textbox", { name: "From number" }).fill("+49 30 1234567");
  await panel.getByRole("textbox", { name: "Message" }).fill("Your code is 424242");
  await panel.getByRole("button", { name: "Send SMS" }).click();
  await expect(panel.getByText(/^Last SMS from \+49 30 1234567\./)).toBeVisible();
  await expectScreenChanged(page, deviceRow(rows.sms), smsBefore);

  // An APK dropped on the stream: the panel shows its progress, then the device installs it and
  // lists it on its screen.
  const appsBefore = await pixelsAround(video(page), deviceRow(rows.apps));
  await dropFile(page, "notes.apk", apkBytes(2 * 1024 * 1024, "com.example.notes"));
  await expect(panel.getByText("notes.apk is installed as com.example.notes.")).toBeVisible();
  await expect(panel.getByText(/Installed: com\.example\.notes\./)).toBeVisible();
  await expectScreenChanged(page, deviceRow(rows.apps), appsBefore);

  // A picture shown to the camera: the device's screen shows it in the typed text's corner.
  const cameraCorner = { x: 556, y: 1040 };
  const cameraBefore = await pixelsAround(video(page), cameraCorner);
  await panel.getByLabel("Picture", { exact: true }).setInputFiles({
    name: "yellow.png",
    mimeType: "image/png",
    buffer: Buffer.from(yellowPicture, "base64"),
  });
  await panel.getByRole("button", { name: "Show to the camera" }).click();
  await expect(panel.getByText("The camera sees a picture (32×24).")).toBeVisible();
  await expectScreenChanged(page, cameraCorner, cameraBefore);

  // A route from a GPX file, played fast: the position moves along it, to its end.
  await panel.getByLabel("Route (GPX file)").setInputFiles({
    name: "spree.gpx",
    mimeType: "application/gpx+xml",
    buffer: Buffer.from(spreeRoute),
  });
  await expect(panel.getByText("“Along the Spree”: 3 points, 1.8 km.")).toBeVisible();
  await panel.getByRole("spinbutton", { name: "Speed (km/h)" }).fill("1000");
  const routeBefore = await pixelsAround(video(page), deviceRow(rows.location));
  await panel.getByRole("button", { name: "Play the route" }).click();
  await expect(
    panel.getByRole("status").filter({ hasText: /^Playing “Along the Spree”/ }),
  ).toBeVisible();
  await expectScreenChanged(page, deviceRow(rows.location), routeBefore);
  await expect(panel.getByText(/^Now at 52\.53000, 13\.41000, 40 m/)).toBeVisible({
    timeout: 15_000,
  });
  await expect(panel.getByRole("button", { name: "Play the route" })).toBeVisible();
  // A computer lends no motion sensors: the switch says why it is off.
  await expect(
    panel.getByText("Only a phone or a tablet has motion sensors to lend"),
  ).toBeVisible();

  // Text pasted into the device, then typed there with Control+V.
  await panel.getByRole("textbox", { name: "Text for the device" }).fill("from the page");
  await panel.getByRole("button", { name: "Paste into the device" }).click();
  await expect(panel.getByText(/holds 13 characters \(pasted from here\)/)).toBeVisible();

  // Copied out of the device: typed there with the keyboard captured, Control+C; the device
  // tells the page over the stream, and "Copy to this computer" puts it on this clipboard.
  await page.getByRole("button", { name: "Keyboard capture" }).click();
  await video(page).click();
  await page.keyboard.press("Control+V");
  await page.keyboard.type(" and more");
  await page.keyboard.press("Control+C");
  await page.keyboard.press("Escape");
  const copied = "from the page and more";
  await expect(panel.getByLabel("The device's clipboard")).toHaveText(copied);
  await expect(panel.getByText(/\(copied on the device\)/)).toBeVisible();
  await panel.getByRole("button", { name: "Copy to this computer" }).click();
  await expect(panel.getByText("Copied to this computer's clipboard.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(copied);

  // On mobile data alone, at GPRS, the stream is held to 80 kbps: the statistics show its
  // bandwidth fall from what it was.
  const statistics = page.getByRole("complementary", { name: "Statistics" });
  const videoBandwidth = async () => {
    const text = await statistics
      .getByRole("region", { name: "Video" })
      .locator("dt:text-is('Bandwidth') + dd")
      .textContent();
    return Number.parseFloat(text ?? "");
  };
  await page.getByRole("button", { name: "Statistics" }).click();
  await expect.poll(videoBandwidth, { timeout: 10_000 }).toBeGreaterThan(0.15);
  await opener.click();
  const networkBefore = await pixelsAround(video(page), deviceRow(rows.network, 355));
  const wifi = panel.getByRole("switch", { name: "Wi-Fi" });
  await wifi.press("Space");
  await expect(wifi).not.toBeChecked();
  await panel.getByLabel("Mobile profile").selectOption("gprs");
  await panel.getByRole("button", { name: "Set network" }).click();
  await expect(
    panel.getByText(/^On mobile data \(GPRS\): the stream is held to 80 kbps/),
  ).toBeVisible();
  await page.getByRole("button", { name: "Statistics" }).click();
  await expect.poll(videoBandwidth, { timeout: 15_000 }).toBeLessThan(0.09);
  await opener.click();
  await wifi.press("Space");
  await expect(wifi).toBeChecked();
  await panel.getByRole("button", { name: "Set network" }).click();
  await expect(panel.getByText("On Wi-Fi: the stream is not shaped.")).toBeVisible();
  // Back on Wi-Fi the picture moves again, and the device's screen names the profile now GPRS (a
  // GPRS link lets no keyframe through: the picture froze meanwhile, as a real one would).
  await expectScreenChanged(page, deviceRow(rows.network, 355), networkBefore);

  // This viewer's stream at half size under a 250 kbit/s ceiling, without reconnecting: the
  // decoded picture turns 360 wide and the statistics' bandwidth falls under the ceiling; then
  // back to the full picture.
  const quality = panel.getByRole("region", { name: "Stream quality" });
  const decodedWidth = () =>
    video(page).evaluate((element) => (element as HTMLVideoElement).videoWidth);
  await quality.getByLabel("Picture size").selectOption("0.5");
  await quality.getByLabel("Bitrate ceiling").selectOption("250");
  await quality.getByRole("button", { name: "Apply to my stream" }).click();
  await expect(quality.getByText("Now 360×640, at most 250 kbit/s.")).toBeVisible();
  await expect.poll(decodedWidth, { timeout: 10_000 }).toBe(360);
  await page.getByRole("button", { name: "Statistics" }).click();
  await expect.poll(videoBandwidth, { timeout: 15_000 }).toBeLessThan(0.3);
  await opener.click();
  await quality.getByLabel("Picture size").selectOption("1");
  await quality.getByLabel("Bitrate ceiling").selectOption("null");
  await quality.getByRole("button", { name: "Apply to my stream" }).click();
  await expect(quality.getByText("Now 720×1280, no ceiling.")).toBeVisible();
  await expect.poll(decodedWidth, { timeout: 10_000 }).toBe(720);

  // The bug report: one file with the versions, the instance, its logs, the device's state and
  // the stream's statistics, WebRTC figures and events; no secret in it.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download a bug report" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^anbox-bug-report-e2e-stream-\d+-\d{8}-\d{6}\.json$/,
  );
  const text = readFileSync(await download.path(), "utf8");
  const report = JSON.parse(text) as BugReport;
  expect(report).toMatchObject({
    page: "stream",
    dashboard: { version: expect.any(String) as unknown },
    cluster: { id: "default", version: expect.any(String) as unknown, reachable: true },
    instance: { name: instance.name },
    device: { battery: { level: 15, charging: false } },
  });
  expect((report.logs as Record<string, string>)["android.log"]).toContain(
    "stream client connected",
  );
  expect(report.stream?.statistics.length).toBeGreaterThan(3);
  expect(JSON.stringify(report.stream?.webrtc_stats)).toContain("inbound-rtp");
  expect(report.stream?.events.map((entry) => entry.event)).toContain("joined");
  expect(text).not.toMatch(/token=(?!\[removed\])/);

  // Escape closes the panel and gives the focus back to its button.
  await panel.getByRole("button", { name: "Set location" }).focus();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(opener).toBeFocused();

  // On a phone it is a drawer over the lower part of the window, without sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 });
  await opener.click();
  const box = await panel.boundingBox();
  expect(box?.width).toBe(375);
  await expectFitsWindow(page);
  await expectNoAccessibilityViolations(page, { within: ".device-controls" });
  // What was set survives a reconnect: the device keeps it.
  await page.reload();
  await page.getByRole("button", { name: "Device controls" }).click();
  await expect(panelOf(page).getByText("Now 15%, on battery.")).toBeVisible();
});
