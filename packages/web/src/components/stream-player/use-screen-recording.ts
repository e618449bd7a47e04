import { useEffect, useRef, useState, type RefObject } from "react";
import { saveBlob } from "../../util/save-blob.ts";
import { screenshotFileName } from "./screenshot.ts";

/** WebM with VP8 and Opus plays in every browser that records; the browser's default otherwise. */
const preferredType = "video/webm;codecs=vp8,opus";

export interface ScreenRecording {
  /** This browser can record a stream (MediaRecorder). */
  available: boolean;
  recording: boolean;
  /** Seconds recorded so far, while recording. */
  seconds: number;
  toggle: () => void;
}

/** `<timestamp>.webm`, named like the screenshots. */
export function recordingFileName(now: Date): string {
  return screenshotFileName(now).replace(/\.png$/, ".webm");
}

/**
 * Records what the player shows (the device's video and its sound) with the browser's
 * MediaRecorder, and downloads it as a WebM file when stopped, or when the stream ends while
 * recording (what was recorded is kept).
 */
export function useScreenRecording(
  video: MediaStream | undefined,
  audio: MediaStream | undefined,
): ScreenRecording {
  const available = typeof MediaRecorder !== "undefined";
  const recorderRef = useRef<MediaRecorder>(undefined);
  // The stream being recorded and since when: a recording belongs to one stream.
  const [session, setSession] = useState<{ video: MediaStream; startedAt: number }>();
  const [now, setNow] = useState(0);
  const recording = session !== undefined && session.video === video;

  const start = () => {
    if (!available || !video || recorderRef.current) return;
    const tracks = [...video.getVideoTracks(), ...(audio?.getAudioTracks() ?? [])];
    const options = MediaRecorder.isTypeSupported(preferredType) ? { mimeType: preferredType } : {};
    const recorder = new MediaRecorder(new MediaStream(tracks), options);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      if (chunks.length === 0) return;
      const type = recorder.mimeType || "video/webm";
      saveBlob(new Blob(chunks, { type }), recordingFileName(new Date()));
    };
    // A chunk a second: a recording cut short by the stream's end keeps all but its last second.
    recorder.start(1_000);
    recorderRef.current = recorder;
    const at = Date.now();
    setSession({ video, startedAt: at });
    setNow(at);
  };

  // The stream went away (ended, reconnected) or the player closed: the recording ends with it
  // and what was recorded is saved.
  useEffect(
    () => () => {
      stopRecorder(recorderRef);
    },
    [video],
  );

  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1_000);
    return () => {
      clearInterval(timer);
    };
  }, [recording]);

  return {
    available,
    recording,
    seconds: recording ? Math.floor((now - session.startedAt) / 1000) : 0,
    toggle: () => {
      if (recorderRef.current) {
        stopRecorder(recorderRef);
        setSession(undefined);
      } else {
        start();
      }
    },
  };
}

/** Stops the recorder, if one runs (its `onstop` saves the file). */
function stopRecorder(recorderRef: RefObject<MediaRecorder | undefined>): void {
  const recorder = recorderRef.current;
  recorderRef.current = undefined;
  if (recorder?.state === "recording") recorder.stop();
}
