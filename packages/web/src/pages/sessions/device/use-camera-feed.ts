import { useEffect, useState } from "react";
import type { CameraSource } from "@anbox-dashboard/contract";
import type { SendControl } from "../../../components/stream-player/use-stream-session.ts";
import { feedMaxBytes, feedMaxSide, jpegOf } from "./camera-frames.ts";

/** A live feed sends this many frames a second (the device shows each in its camera). */
const frameIntervalMs = 500;

/** What plays into the device's camera: this browser's camera, or a video file. */
export type CameraFeed = { kind: "camera" } | { kind: "video"; file: File };

/**
 * While `feed` is set and the stream plays, its picture goes to the device's camera, a frame every
 * half second over the stream (`camera::frame`). Answers what the person should know: no camera,
 * a refusal, a video that does not play, or that the feed ended.
 */
export function useCameraFeed(
  feed: CameraFeed | undefined,
  send: SendControl | undefined,
  onEnded: () => void,
): string | undefined {
  const [note, setNote] = useState<string>();
  useEffect(() => {
    if (feed === undefined || send === undefined) return;
    let stopped = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    let release: () => void = () => undefined;
    const video = document.createElement("video");
    video.muted = true;
    video.playsInline = true;
    const source: CameraSource = feed.kind;
    const start = async () => {
      if (feed.kind === "camera") {
        const media = await navigator.mediaDevices.getUserMedia({ video: true });
        release = () => {
          for (const track of media.getTracks()) track.stop();
        };
        // Stopped while the browser asked: the camera goes off at once.
        if (stopped) {
          release();
          return;
        }
        video.srcObject = media;
      } else {
        const url = URL.createObjectURL(feed.file);
        release = () => {
          URL.revokeObjectURL(url);
        };
        video.src = url;
        video.onended = () => {
          setNote("The video ended: the camera keeps its last frame.");
          onEnded();
        };
      }
      await video.play();
      if (stopped) return;
      setNote(undefined);
      timer = setInterval(() => {
        if (video.videoWidth === 0) return;
        jpegOf(video, video.videoWidth, video.videoHeight, feedMaxSide, feedMaxBytes).then(
          (jpeg) => {
            if (!stopped) send("camera::frame", { jpeg, source });
          },
          () => {
            // A frame too large even made smaller is skipped; the next may fit.
          },
        );
      }, frameIntervalMs);
    };
    start().catch((error: unknown) => {
      if (stopped) return;
      const name = error instanceof DOMException ? error.name : "";
      setNote(
        name === "NotFoundError" || name === "OverconstrainedError"
          ? "This browser has no camera."
          : name === "NotAllowedError"
            ? "The browser did not share its camera (refused, or blocked for this site)."
            : `The ${feed.kind === "camera" ? "camera" : "video"} did not play: ${error instanceof Error ? error.message : String(error)}`,
      );
      onEnded();
    });
    return () => {
      stopped = true;
      clearInterval(timer);
      video.pause();
      release();
    };
  }, [feed, send, onEnded]);
  return note;
}
