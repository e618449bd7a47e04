// The page's side of a streamed device in the stream benchmark (stream.bench.ts): opening a
// stream, counting decoded frames, and timing a touch to the frame that shows it, with where each
// millisecond went (Chromium's frame metadata, and the device's side over the control channel).
import { setTimeout as sleep } from "node:timers/promises";
import type { Page } from "playwright-core";

/** The devices' screen in this benchmark, in device pixels. */
export const screenSize = { width: 720, height: 1280 };

const videoSelector = 'video[aria-label="Stream of the device"]';

/** The device's side of an input, as stream::input-shown gives it (wall-clock ms). */
interface InputShown {
  input: number;
  received_at: number;
  drawn_at: number;
  encoded_at: number;
}

interface PageWithTimings {
  inputShown?: InputShown[];
  /** When the page last sent a touch on the control channel (wall-clock ms). */
  touchSentAt?: number;
  /** The touch being timed (timeTouch). */
  touch?: Promise<PageTiming>;
}

/**
 * Runs in each page before the player: asks the device for its side of each input's timing on
 * the control channel the player opens, and keeps what comes back.
 */
export function collectDeviceTimings(): void {
  const store = window as unknown as PageWithTimings;
  store.inputShown = [];
  const prototype = RTCPeerConnection.prototype;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with its own `this` below
  const createDataChannel = prototype.createDataChannel;
  prototype.createDataChannel = function (
    this: RTCPeerConnection,
    label: string,
    init?: RTCDataChannelInit,
  ) {
    const channel = createDataChannel.call(this, label, init);
    if (label === "control") {
      const send = channel.send.bind(channel) as (data: string) => void;
      channel.send = ((data: string) => {
        if (data.includes('"input::touch-start"')) {
          store.touchSentAt = performance.timeOrigin + performance.now();
        }
        send(data);
      }) as RTCDataChannel["send"];
      channel.addEventListener("open", () => {
        channel.send(JSON.stringify({ type: "stream::timing", data: { enabled: true } }));
      });
      channel.addEventListener("message", (event: MessageEvent<string>) => {
        const message = JSON.parse(event.data) as { type?: string; data?: InputShown };
        if (message.type === "stream::input-shown" && message.data) {
          store.inputShown?.push(message.data);
        }
      });
    }
    return channel;
  };
}

/** Opens a session page; resolves with ms from the join call's start to the first decoded frame. */
export async function openStream(page: Page, baseUrl: string, sessionId: string): Promise<number> {
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

export function decodedFrames(page: Page): Promise<number> {
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
    { ...point, ...screenSize },
  );
}

/** The page's side of one touch: wall-clock ms. */
interface PageTiming {
  /** The count the frame that showed the touch carries (mod 256). */
  marker: number;
  pressedAt: number;
  /** The player sent the touch on the control channel. */
  sentAt: number;
  /** The last packet of the frame received, the frame submitted for display, expected on screen. */
  receivedAt: number;
  presentedAt: number;
  displayedAt: number;
  decodeMs: number;
}

/** Times one touch: pointerdown on the video to the frame whose marker first changes. */
export async function timeTouch(page: Page, point: { x: number; y: number }): Promise<PageTiming> {
  const at = await clientPoint(page, point);
  await page.mouse.move(at.x, at.y);
  await sleep(100); // a hover sends nothing, but let any frame in flight pass
  // Resolves once the listener is in place and a frame's marker read, however loaded the page.
  await page.evaluate(
    ({ selector, width, height }) =>
      new Promise<void>((ready) => {
        const store = window as unknown as PageWithTimings;
        store.touch = new Promise<PageTiming>((resolve, reject) => {
          const video = document.querySelector<HTMLVideoElement>(selector);
          if (!video) throw new Error("no video");
          // The marker's luma, copied out of the decoded frame (nothing converted to RGB):
          // the frame is taken at once, its bytes come a moment later.
          const rect = { x: width - 96, y: height - 12, width: 96, height: 12 };
          const readMarker = async (): Promise<number> => {
            const frame = new VideoFrame(video);
            try {
              const buffer = new Uint8Array(frame.allocationSize({ rect }));
              const [luma] = await frame.copyTo(buffer, { rect });
              if (!luma) throw new Error(`no luma in a ${String(frame.format)} frame`);
              let value = 0;
              for (let bit = 0; bit < 8; bit++) {
                const level = buffer[luma.offset + 6 * luma.stride + bit * 12 + 6] ?? 0;
                value = (value << 1) | (level > 128 ? 1 : 0);
              }
              return value;
            } finally {
              frame.close();
            }
          };
          const wall = (time: number) => performance.timeOrigin + time;
          let baseline: number | undefined;
          let pressedAt = 0;
          video.addEventListener(
            "pointerdown",
            (event) => {
              pressedAt = event.timeStamp;
            },
            { once: true, capture: true },
          );
          const timeout = setTimeout(() => {
            reject(
              new Error(
                `the touch never showed (marker ${String(baseline)}, pressed: ${String(pressedAt > 0)})`,
              ),
            );
          }, 5_000);
          let done = false;
          const onFrame = (_now: number, frame: VideoFrameCallbackMetadata) => {
            if (done) return;
            video.requestVideoFrameCallback(onFrame);
            void readMarker().then((marker) => {
              if (baseline === undefined) {
                baseline = marker;
                ready();
              }
              if (done || pressedAt === 0 || marker === baseline) return;
              done = true;
              clearTimeout(timeout);
              resolve({
                marker,
                pressedAt: wall(pressedAt),
                sentAt: store.touchSentAt ?? Number.NaN,
                receivedAt: wall(frame.receiveTime ?? frame.presentationTime),
                presentedAt: wall(frame.presentationTime),
                displayedAt: wall(frame.expectedDisplayTime),
                decodeMs: (frame.processingDuration ?? 0) * 1000,
              });
            }, reject);
          };
          video.requestVideoFrameCallback(onFrame);
        });
      }),
    { selector: videoSelector, ...screenSize },
  );
  await page.mouse.down();
  const timing = await page.evaluate(() => (window as unknown as PageWithTimings).touch);
  await page.mouse.up();
  if (!timing) throw new Error("the touch was not timed");
  return timing;
}

/** Where one touch's time went, in ms. */
export interface TouchStages {
  total: number;
  page: number;
  input: number;
  frame: number;
  encode: number;
  send: number;
  buffer: number;
  decode: number;
  display: number;
}

export const stageNames: [keyof TouchStages, string][] = [
  ["page", "the page handles the touch"],
  ["input", "input to the device"],
  ["frame", "wait for the frame and draw it"],
  ["encode", "encode"],
  ["send", "send"],
  ["buffer", "jitter buffer"],
  ["decode", "decode"],
  ["display", "display"],
];

export async function stagesOf(page: Page, timing: PageTiming): Promise<TouchStages> {
  // The device's message may come a little after the frame (the control channel is not the video's).
  const device = await page
    .waitForFunction(
      (marker) =>
        (window as unknown as PageWithTimings).inputShown?.findLast(
          (shown) => (shown.input & 0xff) === marker,
        ),
      timing.marker,
      { timeout: 2_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<InputShown>);
  return {
    total: timing.displayedAt - timing.pressedAt,
    page: timing.sentAt - timing.pressedAt,
    input: device.received_at - timing.sentAt,
    frame: device.drawn_at - device.received_at,
    encode: device.encoded_at - device.drawn_at,
    send: timing.receivedAt - device.encoded_at,
    buffer: timing.presentedAt - timing.receivedAt - timing.decodeMs,
    decode: timing.decodeMs,
    display: timing.displayedAt - timing.presentedAt,
  };
}
