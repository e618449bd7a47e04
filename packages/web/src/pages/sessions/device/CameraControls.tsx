import { useCallback, useId, useState } from "react";
import { cameraSourceNames, type DeviceState } from "@anbox-dashboard/contract";
import type { SendControl } from "../../../components/stream-player/use-stream-session.ts";
import { jpegOf } from "./camera-frames.ts";
import { ControlForm, DeviceSection } from "./DeviceSection.tsx";
import type { DeviceTarget } from "./device-target.ts";
import { useCameraFeed, type CameraFeed } from "./use-camera-feed.ts";
import { useControlForm } from "./use-control-form.ts";

interface Props {
  target: DeviceTarget;
  state: DeviceState;
  /** The stream's control channel while it plays: a live feed goes over it. */
  stream: SendControl | undefined;
}

/** The largest picture or video file read (the camera gets a small JPEG of it). */
const maxFileBytes = 50 * 1024 * 1024;

/**
 * What the device's camera sees: a picture sent through the dashboard (recorded, as Anbox's
 * `/1.0/camera/data` takes one), or a live feed over the stream: this browser's camera or a
 * video file, a frame every half second.
 */
export function CameraControls({ target, state, stream }: Props) {
  const form = useControlForm(target.clusterId, target.instanceId, "camera");
  const [picture, setPicture] = useState<File>();
  const [problem, setProblem] = useState<string>();
  const [feed, setFeed] = useState<CameraFeed>();
  const stopFeed = useCallback(() => {
    setFeed(undefined);
  }, []);
  const feedNote = useCameraFeed(feed, stream, stopFeed);
  const pictureId = useId();
  const videoId = useId();
  const noStream =
    stream === undefined
      ? "A feed goes over the stream: only while it plays and you have control"
      : undefined;
  const camera = state.camera;

  const sendPicture = async () => {
    setProblem(undefined);
    if (picture === undefined) {
      setProblem("Choose a picture first");
      return;
    }
    try {
      const bitmap = await createImageBitmap(picture);
      form.send({ jpeg: await jpegOf(bitmap, bitmap.width, bitmap.height), source: "picture" });
      bitmap.close();
    } catch {
      setProblem(`${picture.name} is not a picture this browser can read`);
    }
  };
  const pick = (file: File | undefined, then: (file: File) => void) => {
    setProblem(undefined);
    if (file === undefined) return;
    if (file.size > maxFileBytes) {
      setProblem(`${file.name} is larger than ${String(maxFileBytes / 1024 / 1024)} MB`);
      return;
    }
    then(file);
  };

  return (
    <DeviceSection
      title="Camera"
      now={
        camera === null
          ? "The device's camera sees nothing yet."
          : `The camera sees ${cameraSourceNames[camera.source]} (${String(camera.width)}×${String(camera.height)}).`
      }
    >
      <ControlForm
        action="Show to the camera"
        onSend={() => void sendPicture()}
        pending={form.pending}
        error={form.error}
      >
        <label htmlFor={pictureId}>Picture</label>
        <input
          id={pictureId}
          type="file"
          accept="image/*"
          onChange={(event) => {
            pick(event.target.files?.[0], setPicture);
          }}
        />
        {problem !== undefined && <p className="p-form-validation__message">{problem}</p>}
      </ControlForm>
      <label htmlFor={videoId}>Or play a video file into it</label>
      <input
        id={videoId}
        type="file"
        accept="video/*"
        aria-disabled={noStream !== undefined || undefined}
        title={noStream}
        onChange={(event) => {
          if (noStream === undefined) {
            pick(event.target.files?.[0], (file) => {
              setFeed({ kind: "video", file });
            });
          }
        }}
      />
      <div className="device-controls__buttons">
        {feed === undefined ? (
          <button
            type="button"
            className="p-button"
            aria-disabled={noStream !== undefined || undefined}
            title={noStream}
            onClick={() => {
              if (noStream === undefined) setFeed({ kind: "camera" });
            }}
          >
            Use this browser&apos;s camera
          </button>
        ) : (
          <button type="button" className="p-button" onClick={stopFeed}>
            Stop the {feed.kind === "camera" ? "camera" : "video"}
          </button>
        )}
      </div>
      {feedNote !== undefined && (
        <p className="device-controls__note" role="status">
          {feedNote}
        </p>
      )}
    </DeviceSection>
  );
}
