import { useCallback, useEffect, useRef, type RefObject } from "react";
import { countsAsInput, markerRegion, type InputLatencyProbe } from "./input-latency.ts";
import { readFrameMarker } from "./read-frame-marker.ts";

/**
 * Times the input the player sends to the frame that first shows it (input-latency.ts): each
 * input sent is noted, and while any waits to be seen, every frame the video presents has its
 * marker read (`requestVideoFrameCallback`; read-frame-marker.ts reads the frame's 96x12
 * corner). Nothing is read while no input waits, nor while `timing` is off (the device draws no
 * marker then: the input is only counted). Returns what to call for each message sent.
 */
export function useInputLatency(
  videoRef: RefObject<HTMLVideoElement | null>,
  probe: InputLatencyProbe | undefined,
  stream: MediaStream | undefined,
  timing: boolean,
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
      if (!probe.waiting) {
        reading.current = false;
        return;
      }
      const region = markerRegion({ width: frame.width, height: frame.height });
      canvasRef.current ??= document.createElement("canvas");
      // The frame is taken now (the read's first step is synchronous); its marker may come
      // after the next frame's callback is asked for, so that no frame is skipped meanwhile.
      if (region.x >= 0 && region.y >= 0) {
        void readFrameMarker(video, region, canvasRef.current).then((marker) => {
          if (marker !== undefined) probe.shown(marker, frame.expectedDisplayTime);
        });
      }
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  }, [videoRef, probe]);

  return useCallback(
    (type: string) => {
      if (!probe || !countsAsInput(type)) return;
      if (!timing) {
        probe.skipped();
        return;
      }
      probe.sent(performance.now());
      readFrames();
    },
    [probe, readFrames, timing],
  );
}
