// Streams of virtual devices into Chromium, as a user opens them: 720x1280 at 30 fps, H.264 over
// real WebRTC on loopback, through the dashboard's join broker and signaling relay. For 1 and then
// 2 concurrent streams: the time from the join call to the first decoded frame, the frames per
// second held, the input-to-screen latency (a touch sent → the decoded frame that shows it), and
// the CPU the cluster spends per stream (its process, WebRTC included, and its encoders).
// Targets: first frame under 1.5 s, 30 fps held, latency under 100 ms, under half a core a stream.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium, type Browser, type Cookie, type Page } from "playwright-core";
import type { AmsInstance, AmsOperation } from "@anbox-dashboard/contract";
import { AmsClient } from "@anbox-dashboard/server/ams-client";
import {
  browserFlags,
  median,
  signUp,
  startDashboard,
  type BenchDashboard,
} from "./support/dashboard.ts";

const port = Number(process.env.BENCH_PORT ?? 18390);
const screen = { width: 720, height: 1280, fps: 30 };
const holdSeconds = 10;
const touchesPerStream = 8;
const ticksPerSecond = 100; // Linux's USER_HZ, the unit of /proc/<pid>/stat times

/** CPU seconds the cluster process and its encoder children have used so far. */
function clusterCpuSeconds(dataDir: string): number {
  const clusterDir = join(dataDir, "clusters", "default");
  let ticks = 0;
  const processes = readdirSync("/proc").filter((entry) => /^\d+$/.test(entry));
  const clusterPids = new Set<string>();
  for (const pid of processes) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      if (command.includes(clusterDir)) clusterPids.add(pid);
    } catch {
      // gone meanwhile
    }
  }
  for (const pid of processes) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // Fields after the command (which may hold spaces): state ppid ... utime(14) stime(15).
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const parent = fields[1] ?? "";
      if (clusterPids.has(pid) || clusterPids.has(parent)) {
        ticks += Number(fields[11]) + Number(fields[12]);
      }
    } catch {
      // gone meanwhile
    }
  }
  return ticks / ticksPerSecond;
}

async function createStreamableInstance(client: AmsClient, name: string): Promise<string> {
  const started = await client.post<AmsOperation>("/1.0/instances", {
    name,
    image_id: "jammy:android15:amd64",
    config: { enable_streaming: true, display: { ...screen, density: 240 } },
  });
  await client.get(`/1.0/operations/${started.metadata.id}/wait?timeout=60`);
  const instance = await client.get<AmsInstance>(`/1.0/instances/${name}`);
  const tag = instance.metadata.tags.find((candidate) => candidate.startsWith("session="));
  if (tag === undefined) throw new Error(`${name} has no session`);
  return tag.slice("session=".length);
}

const videoSelector = 'video[aria-label="Stream of the device"]';

/** Opens a session page; resolves with ms from the join call's start to the first decoded frame. */
async function openStream(page: Page, baseUrl: string, sessionId: string): Promise<number> {
  await page.goto(`${baseUrl}/sessions/${sessionId}`);
  await page.locator(videoSelector).waitFor();
  return page.evaluate(
    (selector) =>
      new Promise<number>((resolve) => {
        const video = document.querySelector<HTMLVideoElement>(selector);
        if (!video) throw new Error("no video");
        video.requestVideoFrameCallback((now) => {
          const join = performance
            .getEntriesByType("resource")
            .find((entry) => entry.name.includes("/join"));
          resolve(now - (join?.startTime ?? 0));
        });
      }),
    videoSelector,
  );
}

function decodedFrames(page: Page): Promise<number> {
  return page
    .locator(videoSelector)
    .evaluate((video) => (video as HTMLVideoElement).getVideoPlaybackQuality().totalVideoFrames);
}

/** Where a device point is on the page (object-fit: contain, no rotation). */
async function clientPoint(page: Page, point: { x: number; y: number }) {
  return page.locator(videoSelector).evaluate(
    (element, { x, y, width, height }) => {
      const box = element.getBoundingClientRect();
      const scale = Math.min(box.width / width, box.height / height);
      return {
        x: box.left + (box.width - width * scale) / 2 + x * scale,
        y: box.top + (box.height - height * scale) / 2 + y * scale,
      };
    },
    { ...point, ...screen },
  );
}

/**
 * Milliseconds from a touch's pointerdown in the page to the first decoded frame whose pixels
 * around the touched point differ from the frame before it (the device draws the touch there).
 */
async function timeTouch(page: Page, point: { x: number; y: number }): Promise<number> {
  const at = await clientPoint(page, point);
  await page.mouse.move(at.x, at.y);
  const measured = page.evaluate(
    ({ selector, x, y }) =>
      new Promise<number>((resolve, reject) => {
        const video = document.querySelector<HTMLVideoElement>(selector);
        const canvas = document.createElement("canvas");
        canvas.width = 24;
        canvas.height = 24;
        const context = canvas.getContext("2d", { willReadFrequently: true });
        if (!video || !context) throw new Error("no video");
        const sample = () => {
          context.drawImage(video, x - 12, y - 12, 24, 24, 0, 0, 24, 24);
          return context.getImageData(0, 0, 24, 24).data;
        };
        const baseline = sample();
        let sentAt = 0;
        video.addEventListener(
          "pointerdown",
          () => {
            sentAt = performance.now();
          },
          { once: true, capture: true },
        );
        const timeout = setTimeout(() => {
          reject(new Error("the touch never showed"));
        }, 5_000);
        const onFrame = (now: number) => {
          if (sentAt > 0) {
            const pixels = sample();
            let change = 0;
            for (let index = 0; index < pixels.length; index++) {
              if (index % 4 !== 3)
                change += Math.abs((pixels[index] ?? 0) - (baseline[index] ?? 0));
            }
            if (change / ((pixels.length * 3) / 4) > 30) {
              clearTimeout(timeout);
              resolve(now - sentAt);
              return;
            }
          }
          video.requestVideoFrameCallback(onFrame);
        };
        video.requestVideoFrameCallback(onFrame);
      }),
    { selector: videoSelector, ...point },
  );
  await sleep(100); // the listener is in place
  await page.mouse.down();
  const latency = await measured;
  await page.mouse.up();
  await sleep(1_200); // the touch's trail fades before the next one
  return latency;
}

interface StreamFigures {
  firstFrameMs: number[];
  fps: number[];
  touchMs: number[];
  cpuPerStream: number;
}

async function measure(
  browser: Browser,
  dashboard: BenchDashboard,
  cookies: Cookie[],
  sessionIds: readonly string[],
): Promise<StreamFigures> {
  const pages = await Promise.all(
    sessionIds.map(async () => {
      const context = await browser.newContext({ viewport: { width: 900, height: 1300 } });
      await context.addCookies(cookies);
      return context.newPage();
    }),
  );
  const firstFrameMs = await Promise.all(
    pages.map((page, index) => openStream(page, dashboard.baseUrl, sessionIds[index] ?? "")),
  );
  await sleep(2_000); // settle: the first keyframes are in
  const framesBefore = await Promise.all(pages.map(decodedFrames));
  const cpuBefore = clusterCpuSeconds(dashboard.dataDir);
  const started = performance.now();
  await sleep(holdSeconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  const cpu = clusterCpuSeconds(dashboard.dataDir) - cpuBefore;
  const framesAfter = await Promise.all(pages.map(decodedFrames));
  const fps = framesAfter.map((frames, index) => (frames - (framesBefore[index] ?? 0)) / elapsed);

  const touchMs: number[] = [];
  for (let touch = 0; touch < touchesPerStream; touch++) {
    for (const page of pages) {
      // Points far apart on an empty part of the screen, so that trails do not overlap.
      const point = { x: 120 + (touch % 4) * 160, y: 950 + Math.floor(touch / 4) * 120 };
      touchMs.push(await timeTouch(page, point));
    }
  }
  await Promise.all(pages.map((page) => page.context().close()));
  return { firstFrameMs, fps, touchMs, cpuPerStream: cpu / elapsed / sessionIds.length };
}

const dashboard = await startDashboard("stream", port, { CLUSTER_BOOT_STEP_DELAY_MS: "50" });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: browserFlags });
try {
  const client = new AmsClient(join(dashboard.dataDir, "clusters", "default", "ams.socket"));
  const sessionIds = [
    await createStreamableInstance(client, "bench-stream-1"),
    await createStreamableInstance(client, "bench-stream-2"),
  ];
  await sleep(1_000); // the sessions turn active as the instances run
  const page = await browser.newPage();
  await signUp(page, dashboard);
  const cookies = await page.context().cookies();
  await page.close();

  console.log(
    `${String(screen.width)}x${String(screen.height)} at ${String(screen.fps)} fps, H.264, loopback:`,
  );
  const verdicts: string[] = [];
  for (const count of [1, 2]) {
    const figures = await measure(browser, dashboard, cookies, sessionIds.slice(0, count));
    const firstFrame = Math.max(...figures.firstFrameMs);
    const fps = Math.min(...figures.fps);
    const latency = median(figures.touchMs);
    console.log(`  ${String(count)} stream${count > 1 ? "s" : ""}:`);
    console.log(
      `    join to first decoded frame: ${figures.firstFrameMs.map((ms) => `${ms.toFixed(0)} ms`).join(", ")}`,
    );
    console.log(
      `    frames per second held over ${String(holdSeconds)} s: ${figures.fps.map((value) => value.toFixed(1)).join(", ")}`,
    );
    console.log(
      `    touch to the frame that shows it: p50 ${latency.toFixed(0)} ms, max ${Math.max(...figures.touchMs).toFixed(0)} ms (${String(figures.touchMs.length)} touches)`,
    );
    console.log(
      `    cluster CPU per stream (WebRTC and encoder): ${figures.cpuPerStream.toFixed(2)} core`,
    );
    verdicts.push(
      `${String(count)}: first frame ${(firstFrame / 1500).toFixed(2)}, fps ${(screen.fps / Math.max(fps, 0.1)).toFixed(2)}, latency ${(latency / 100).toFixed(2)}, CPU ${(figures.cpuPerStream / 0.5).toFixed(2)}`,
    );
  }
  console.log(`  ratio to target (under 1 is met): ${verdicts.join("; ")}`);
} finally {
  await browser.close();
  await dashboard.stop();
}
