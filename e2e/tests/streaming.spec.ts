import { readFileSync } from "node:fs";
import { type Page } from "@playwright/test";
import { expect, test } from "../helpers/cluster-test.ts";
import { signUp } from "../helpers/account.ts";
import {
  createStreamableInstance as createInstance,
  streamScreen,
} from "../helpers/streamable-instance.ts";
import { expectNoAccessibilityViolations } from "../helpers/accessibility.ts";
import { expectNoContentSecurityPolicyViolations } from "../helpers/csp.ts";
import { clientPoint, difference, framesShown, pixelsAround } from "../helpers/video-pixels.ts";
import { expectPlaying, streamNewInstance, video } from "../helpers/stream-page.ts";

// Streaming end to end: a streamable instance's virtual device streams its real, encoded screen
// over WebRTC into Chromium, through the dashboard's join broker and signaling relay. A touch on
// the video makes the round trip to the device and shows on its screen; the statistics panel reads
// real getStats values; a second viewer that takes control leaves this page watching until it
// goes; the signaling answers a malformed message with an error and goes on.

const screen = streamScreen;
/** A tablet held the long way: turned a quarter, its picture is upright. */
const landscapeScreen = { width: 1280, height: 720 };

function createStreamableInstance(display = screen): Promise<{ name: string }> {
  return createInstance("e2e-stream", display);
}

/**
 * How much of the stage (the room the player gives the picture) the picture takes, once turned
 * as the video is: the picture inside the video's box (object-fit: contain), its sides swapped
 * when it is turned a quarter.
 */
function pictureInStage(page: Page) {
  return video(page).evaluate((element) => {
    const playing = element as HTMLVideoElement;
    const scale = Math.min(
      playing.clientWidth / playing.videoWidth,
      playing.clientHeight / playing.videoHeight,
    );
    const sideways = /rotate\((90|270)deg\)/.test(playing.style.transform);
    const [width, height] = [playing.videoWidth * scale, playing.videoHeight * scale];
    const stage = playing.closest(".stream-player__stage")?.getBoundingClientRect();
    return {
      picture: sideways ? { width: height, height: width } : { width, height },
      stage: { width: stage?.width ?? 0, height: stage?.height ?? 0 },
    };
  });
}

/** The picture fills the stage's width or its height (within a pixel of rounding). */
async function expectPictureFillsStage(page: Page, shape: "portrait" | "landscape") {
  const { picture, stage } = await pictureInStage(page);
  expect(picture.height > picture.width ? "portrait" : "landscape").toBe(shape);
  const fills =
    Math.abs(picture.width - stage.width) <= 1 || Math.abs(picture.height - stage.height) <= 1;
  expect(fills, `a ${JSON.stringify(picture)} picture in a ${JSON.stringify(stage)} stage`).toBe(
    true,
  );
}

test("a streamable instance plays on its session page; a touch shows on the device; real statistics", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, "Hedy Lamarr");
  const { name } = await createStreamableInstance();
  await page.goto("/instances");
  await page.getByRole("link", { name: `Stream ${name}` }).click();
  await expect(page).toHaveURL(/\/sessions\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name: `Stream of ${name}` })).toBeVisible();
  await expectPlaying(page);

  // A touch held on an empty part of the screen is drawn there by the device.
  const target = { x: 360, y: 1000 };
  const before = await pixelsAround(video(page), target);
  const at = await clientPoint(video(page), target, screen);
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  await expect
    .poll(async () => difference(before, await pixelsAround(video(page), target)), {
      timeout: 5_000,
    })
    .toBeGreaterThan(30);
  await page.mouse.up();

  // The statistics panel reads the browser's getStats.
  await page.getByRole("button", { name: "Statistics" }).click();
  const panel = page.getByRole("complementary", { name: "Statistics" });
  await expect(panel).toBeVisible();
  const videoStats = panel.getByRole("region", { name: "Video" });
  const value = (label: string) =>
    videoStats.locator(".stream-stats__row").filter({ hasText: label }).locator("dd");
  await expect(value("Codec")).toHaveText(/H264|VP8/, { timeout: 10_000 });
  await expect
    .poll(async () => Number((await value("Packets received").textContent())?.replace(/\D/g, "")), {
      timeout: 10_000,
    })
    .toBeGreaterThan(100);
  await expect(value("FPS")).toHaveText(/\d+(\.\d+)? fps/);
  await expect(panel.getByRole("region", { name: "Network" })).toContainText(/ms|Not implemented/);

  // The true input-to-screen time: a tap is timed to the frame that shows it (the device's marker).
  const tapAt = await clientPoint(video(page), { x: 200, y: 900 }, screen);
  await page.mouse.click(tapAt.x, tapAt.y);
  const inputStats = panel.getByRole("region", { name: "Input to screen" });
  const median = inputStats
    .locator(".stream-stats__row")
    .filter({ hasText: "Median (10 s)" })
    .locator("dd");
  // The figure, then its judgement where it is one ("Abnormal" above what the panel calls usual).
  await expect(median).toHaveText(/^\d+(\.\d+)? ms/, { timeout: 10_000 });
  const medianMs = Number(/^[\d.]+/.exec((await median.textContent()) ?? "")?.[0]);
  expect(medianMs).toBeGreaterThan(0);
  expect(medianMs).toBeLessThan(1_000);
  await expectNoContentSecurityPolicyViolations(page); // the player, its signaling, the charts

  // A second viewer joins to take control (here: a join made from the page, whose socket speaks
  // signaling only): this page goes on watching, its input off, and gets control back when that
  // viewer leaves. The signaling answers a malformed message with an error and then speaks on.
  const sessionId = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1) ?? "");
  const replies = await page.evaluate(async (id) => {
    const joined = (await (
      await fetch(`/api/sessions/${encodeURIComponent(id)}/join`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ role: "control" }),
      })
    ).json()) as { signaling_url: string };
    const socket = new WebSocket(
      new URL(joined.signaling_url, location.href.replace(/^http/, "ws")),
    );
    (window as unknown as { secondViewer: WebSocket }).secondViewer = socket;
    const received: string[] = [];
    await new Promise<void>((resolve, reject) => {
      socket.onerror = () => {
        reject(new Error("the signaling socket failed"));
      };
      socket.onmessage = (event) => {
        received.push(String(event.data));
        if (received.length === 1) socket.send(JSON.stringify({ type: "discover" }));
        else resolve();
      };
      socket.onopen = () => {
        socket.send("{not json");
      };
    });
    return received.map((text) => (JSON.parse(text) as { type: string }).type);
  }, sessionId);
  expect(replies).toEqual(["error", "resp:discover"]);
  await expect(page.getByText("You are watching: another viewer has control.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Home" })).toBeDisabled();
  await page.evaluate(() => {
    (window as unknown as { secondViewer: WebSocket }).secondViewer.close();
  });
  await expect(page.getByText("You are watching: another viewer has control.")).toBeHidden();
  await expect(page.getByRole("button", { name: "Home" })).toBeEnabled();
  await expectPlaying(page);
});

test("signing out stops the stream the session was watching at once", async ({ page }) => {
  test.setTimeout(120_000);
  await streamNewInstance(page, "Grace Hopper");

  // The session ends elsewhere (another tab's Log out): its stream is cut off at the gateway,
  // although the page's WebRTC connection needs no dashboard call to go on.
  const logout = await page.context().request.get("/logout", { maxRedirects: 0 });
  expect(logout.status()).toBe(302);
  await expect(page.getByRole("status")).toHaveText(/took over this stream|ended/, {
    timeout: 2_000,
  });
  const framesDecoded = () => framesShown(video(page));
  const stopped = await framesDecoded();
  await page.waitForTimeout(1_000);
  expect(await framesDecoded()).toBe(stopped);
});

test("the player plays the device's sound, rotates both ways, presses device keys and records the screen", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await streamNewInstance(page, "Delia Derbyshire", landscapeScreen);
  // This site was clicked in before: the browser lets it play sound at once.
  const audio = page.locator(".stream-player audio");
  await expect(audio).toHaveJSProperty("muted", false);
  const mute = page.getByRole("button", { name: "Mute", exact: true });
  await mute.click();
  await expect(audio).toHaveJSProperty("muted", true);
  await expect(mute).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("slider", { name: "Volume" }).fill("40");
  await expect(audio).toHaveJSProperty("muted", false);
  await expect(audio).toHaveJSProperty("volume", 0.4);
  // The toolbar and every shortcut, listed under the video.
  await page.getByText(/^Shortcuts \(click the stream first\)/).click();
  await expect(page.getByRole("group").getByText("Ctrl+Shift+←")).toBeVisible();
  await expectNoAccessibilityViolations(page, { within: ".stream-player" });

  // The statistics' Audio section reads the sound's real figures (silence comes as Opus DTX, a
  // packet every 400 ms).
  await page.getByRole("button", { name: "Statistics" }).click();
  const audioStats = page
    .getByRole("complementary", { name: "Statistics" })
    .getByRole("region", { name: "Audio" });
  const value = (label: string) =>
    audioStats.locator(".stream-stats__row").filter({ hasText: label }).locator("dd");
  await expect(value("Codec")).toHaveText(/opus/i, { timeout: 10_000 });
  await expect
    .poll(async () => Number((await value("Packets received").textContent())?.replace(/\D/g, "")), {
      timeout: 10_000,
    })
    .toBeGreaterThan(5);
  await page.getByRole("button", { name: "Statistics" }).click();

  // Rotate left, then right twice: the picture turns a quarter each way.
  const turn = () => video(page).evaluate((element) => element.style.transform);
  await page.getByRole("button", { name: "Rotate left" }).click();
  expect(await turn()).toContain("rotate(270deg)");
  await expectPictureFillsStage(page, "portrait");
  await page.getByRole("button", { name: "Rotate right" }).click();
  await expectPictureFillsStage(page, "landscape");
  await page.getByRole("button", { name: "Rotate right" }).click();
  expect(await turn()).toContain("rotate(90deg)");
  // The turned picture takes the player's height on a desktop, its width on a phone.
  await expectPictureFillsStage(page, "portrait");
  await page.setViewportSize({ width: 375, height: 800 });
  await expectPictureFillsStage(page, "portrait");
  await page.setViewportSize({ width: 1280, height: 720 });
  // Anbox Cloud's shortcut turns it back.
  await video(page).focus();
  await page.keyboard.press("Control+Shift+ArrowLeft");
  expect(await turn()).toContain("rotate(0deg)");

  // A device key: the device's screen names the last one pressed.
  const lastKey = { x: 250, y: 278 };
  const beforeKey = await pixelsAround(video(page), lastKey);
  await page.getByRole("button", { name: "Volume up" }).click();
  await expect
    .poll(async () => difference(beforeKey, await pixelsAround(video(page), lastKey)), {
      timeout: 5_000,
    })
    .toBeGreaterThan(5);

  // Two seconds recorded and saved as a WebM file that plays.
  await page.getByRole("button", { name: "Record the screen" }).click();
  await expect(page.getByText(/^Recording \d:\d\d$/)).toBeVisible();
  await page.waitForTimeout(2_000);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Stop recording" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.webm$/);
  const path = await file.path();
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 4).toString("hex")).toBe("1a45dfa3"); // EBML: Matroska/WebM.
  // In a blank page: the dashboard's policy lets its pages load media from itself only.
  const blank = await page.context().newPage();
  const played = await blank.evaluate(async (base64) => {
    const data = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const element = document.createElement("video");
    element.muted = true;
    element.src = URL.createObjectURL(new Blob([data], { type: "video/webm" }));
    await new Promise((resolve, reject) => {
      element.onloadeddata = resolve;
      element.onerror = () => {
        reject(new Error(`the recording does not play: ${element.error?.message ?? "?"}`));
      };
    });
    return { width: element.videoWidth, height: element.videoHeight };
  }, bytes.toString("base64"));
  expect(played).toEqual(landscapeScreen);
});

test("the developer tools beside the stream: a shell on the instance, and its logs followed live", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await streamNewInstance(page, "Margaret Hamilton");

  const opener = page.getByRole("button", { name: "Developer tools" });
  await opener.click();
  const tools = page.getByRole("complementary", { name: "Developer tools" });
  const terminal = tools.getByRole("group", { name: "Terminal" });
  await expect(terminal.locator(".xterm-rows")).toContainText("#", { timeout: 10_000 });
  await terminal.click();
  await page.keyboard.type("echo tools-$((6*7))\n");
  await expect(terminal.locator(".xterm-rows")).toContainText("tools-42");
  // Escape is the shell's while the terminal has the keys: the panel stays.
  await page.keyboard.press("Escape");
  await expect(tools).toBeVisible();

  await tools.getByRole("tab", { name: "Logs" }).click();
  const log = tools.getByLabel("Log android.log");
  await expect(log).toContainText("stream client connected", { timeout: 10_000 });
  await expectNoAccessibilityViolations(page, { within: ".dev-tools" });
  // A touch on the stream shows in the followed log within a few seconds.
  const at = await clientPoint(video(page), { x: 360, y: 1000 }, screen);
  await page.mouse.click(at.x, at.y);
  await expect(log).toContainText(/InputDispatcher: touch \d+ down at \(\d+, \d+\)/, {
    timeout: 8_000,
  });
  await tools.getByRole("searchbox", { name: "Search the log" }).fill("inputdispatcher");
  await expect(tools.getByText(/^\d+ of \d+ lines match$/)).toBeVisible();
  await expect(log).not.toContainText("stream client connected");
  await tools.getByRole("button", { name: "Pause" }).click();
  await expect(tools.getByRole("button", { name: "Follow" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  // Escape outside the terminal closes the panel and gives the focus back to its button.
  await tools.getByRole("searchbox", { name: "Search the log" }).press("Escape");
  await expect(tools).toBeHidden();
  await expect(opener).toBeFocused();

  // On a phone the tools are a drawer over the lower part of the window.
  await page.setViewportSize({ width: 375, height: 800 });
  // The header's link to the instance has a row of its own under the title, not squeezed beside.
  const title = await page.getByRole("heading", { level: 1 }).boundingBox();
  const details = await page.getByRole("link", { name: "Instance details" }).boundingBox();
  expect(details?.y ?? 0).toBeGreaterThanOrEqual((title?.y ?? 0) + (title?.height ?? 0) - 1);
  await opener.click();
  const box = await tools.boundingBox();
  expect(box?.width).toBe(375);
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(800, 0);
  // It takes the focus, as the statistics do.
  await expect
    .poll(() => tools.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
});
