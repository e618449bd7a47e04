import { readMarker, readMarkerLuma } from "./input-latency.ts";

interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The planar formats whose first plane is luma, as decoders hand frames out in software. */
const lumaFirst: ReadonlySet<string> = new Set(["I420", "I420A", "I422", "I444", "NV12"]);

/**
 * Reads the input marker from the frame the video shows now. Where the browser gives the frame
 * in memory (software decoding), only the marker's 96x12 luma is copied out of it (WebCodecs'
 * `VideoFrame.copyTo` with a rect): nothing else of the frame is read or converted. Otherwise the
 * region is drawn into `canvas` and read back, which makes the browser convert the whole frame
 * to RGB first: a few milliseconds of the page's main thread for each frame read, which on a
 * loaded machine delay the input that is being timed.
 */
export function readFrameMarker(
  video: HTMLVideoElement,
  region: Region,
  canvas: HTMLCanvasElement,
): Promise<number | undefined> {
  // Both ways take the frame shown now, before anything is awaited.
  const frame = planarFrameOf(video);
  if (frame === undefined) return Promise.resolve(readThroughCanvas(video, region, canvas));
  return readLuma(frame, region).finally(() => {
    frame.close();
  });
}

/** The video's current frame, when the browser has it in memory in a luma-first format. */
function planarFrameOf(video: HTMLVideoElement): VideoFrame | undefined {
  if (typeof VideoFrame === "undefined") return undefined;
  try {
    const frame = new VideoFrame(video);
    if (frame.format !== null && lumaFirst.has(frame.format)) return frame;
    frame.close();
  } catch {
    // no frame yet, or one the page may not read: the canvas says what it can
  }
  return undefined;
}

async function readLuma(frame: VideoFrame, region: Region): Promise<number | undefined> {
  try {
    const rect = { x: region.x, y: region.y, width: region.width, height: region.height };
    const buffer = new Uint8Array(frame.allocationSize({ rect }));
    const [luma] = await frame.copyTo(buffer, { rect });
    return luma === undefined
      ? undefined
      : readMarkerLuma(buffer.subarray(luma.offset), luma.stride);
  } catch {
    return undefined;
  }
}

function readThroughCanvas(
  video: HTMLVideoElement,
  region: Region,
  canvas: HTMLCanvasElement,
): number | undefined {
  // Set once: assigning a canvas's size clears and reallocates it, frame after frame.
  if (canvas.width !== region.width) canvas.width = region.width;
  if (canvas.height !== region.height) canvas.height = region.height;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) return undefined;
  context.drawImage(
    video,
    region.x,
    region.y,
    region.width,
    region.height,
    0,
    0,
    region.width,
    region.height,
  );
  return readMarker(context.getImageData(0, 0, region.width, region.height).data, region.width);
}
