import { useCallback, useEffect, useRef, type RefObject } from "react";
import {
  countsAsInput,
  markerRegion,
  readMarker,
  type InputLatencyProbe,
} from "./input-latency.ts";

/**
 * Times the input the player sends to the frame that first shows it (input-latency.ts): each
 * input sent is noted, and while any waits to be seen, every frame the video presents has its
 * marker read (`requestVideoFrameCallback`, a 96x12 corner of the frame drawn into a small
 * canvas). Nothing is read while no input waits. Returns what to call for each message sent.
 */
export function useInputLatency(
  videoRef: RefObject<HTMLVideoElement | null>,
  probe: InputLatencyProbe | undefined,
  stream: MediaStream | undefined,
): (type: string) => void {
  const reading = useRef(false);
  const canvasRef = useRef<HTMLCanvasElement>(undefined);

  // A new stream: the device counts from zero again, and so does the probe.
  useEffect(() => {
    probe?.reset();
  }, [probe, stream]);

  const readFrames = useCallback(() => {
    const video = videoRef.current;
    if (!probe || !video || reading.current || !("requestVideoFrameCallback" in video)) return;
    reading.current = true;
    const onFrame = (_now: number, frame: VideoFrameCallbackMetadata) => {
      const region = markerRegion({ width: frame.width, height: frame.height });
      canvasRef.current ??= document.createElement("canvas");
      const canvas = canvasRef.current;
      // Set once: assigning a canvas's size clears and reallocates it, frame after frame.
      if (canvas.width !== region.width) canvas.width = region.width;
      if (canvas.height !== region.height) canvas.height = region.height;
      const context = canvas.getContext("2d", { willReadFrequently: true });
      if (context && region.x >= 0 && region.y >= 0) {
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
        const pixels = context.getImageData(0, 0, region.width, region.height).data;
        probe.shown(readMarker(pixels, region.width), frame.expectedDisplayTime);
      }
      if (probe.waiting) video.requestVideoFrameCallback(onFrame);
      else reading.current = false;
    };
    video.requestVideoFrameCallback(onFrame);
  }, [videoRef, probe]);

  return useCallback(
    (type: string) => {
      if (!probe || !countsAsInput(type)) return;
      probe.sent(performance.now());
      readFrames();
    },
    [probe, readFrames],
  );
}
