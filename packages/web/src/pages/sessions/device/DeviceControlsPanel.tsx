import { deviceControlsExtension, type StreamQualityApplied } from "@anbox-dashboard/contract";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { StreamPanel } from "../../../components/stream-panel/StreamPanel.tsx";
import { useClusterHealth } from "../../../queries/clusters.ts";
import { useDeviceState } from "../../../queries/device.ts";
import { BatteryControls } from "./BatteryControls.tsx";
import { CameraControls } from "./CameraControls.tsx";
import { ClipboardControls } from "./ClipboardControls.tsx";
import { FilesControls } from "./FilesControls.tsx";
import { LocationControls } from "./LocationControls.tsx";
import { NetworkControls } from "./NetworkControls.tsx";
import { PhoneControls } from "./PhoneControls.tsx";
import { QualityControls } from "./QualityControls.tsx";
import { SensorControls } from "./SensorControls.tsx";
import type { DeviceTarget } from "./device-target.ts";
import type { FilePush } from "./use-file-push.ts";
import type { SendControl } from "../../../components/stream-player/use-stream-session.ts";
import "./_device-controls.scss";

interface Props extends DeviceTarget {
  /**
   * The stream's control channel while it plays and this viewer is in control: a route, motion
   * sensors and a camera feed go over it.
   */
  stream?: SendControl | undefined;
  /** The same while it plays, in control or not: this viewer's stream quality goes over it. */
  qualityStream?: SendControl | undefined;
  /** Files pushed into the device: the page owns them, as a drop on the stream sends them too. */
  files: FilePush;
  /** Why this user may not push files, or undefined when they may. */
  filesRefused: string | undefined;
  /** What this viewer's stream is now, as the device last said (stream::quality). */
  quality: StreamQualityApplied | undefined;
  onClose: () => void;
}

/**
 * What a tester gives the device besides touch and keys (issue 39), a section per capability:
 * location, battery, network, camera, phone, clipboard, files, sensors, and this viewer's stream quality. Each shows what the device has now (the stream
 * tells the page as it changes) and sends through the dashboard, which checks `can_stream` and
 * records it. A cluster whose AMS has no device controls says so instead.
 */
export function DeviceControlsPanel({
  clusterId,
  instanceId,
  stream,
  qualityStream,
  files,
  filesRefused,
  quality,
  onClose,
}: Props) {
  const health = useClusterHealth(clusterId);
  const unsupported =
    health?.api_extensions !== undefined &&
    !health.api_extensions.includes(deviceControlsExtension);
  const state = useDeviceState(clusterId, instanceId);
  const target = { clusterId, instanceId };
  return (
    <StreamPanel title="Device controls" className="device-controls" onClose={onClose}>
      {unsupported ? (
        <p className="device-controls__note">
          This cluster&apos;s instances take no device controls: its AMS does not offer{" "}
          <code>{deviceControlsExtension}</code> (the embedded cloud does). Location and sensors
          from the streaming SDK still reach a real Anbox over the stream.
        </p>
      ) : (
        <>
          {state.isPending && <PageLoader />}
          {state.isError && (
            <ErrorNotice title="Cannot read the device" error={state.error} heading="h3" />
          )}
          {state.data && (
            <>
              <LocationControls target={target} state={state.data} stream={stream} />
              <BatteryControls target={target} state={state.data} />
              <NetworkControls target={target} state={state.data} />
              <CameraControls target={target} state={state.data} stream={stream} />
              <PhoneControls target={target} state={state.data} />
              <ClipboardControls target={target} state={state.data} />
              <FilesControls state={state.data} files={files} refused={filesRefused} />
              <SensorControls target={target} state={state.data} stream={stream} />
              <QualityControls stream={qualityStream} applied={quality} />
            </>
          )}
        </>
      )}
    </StreamPanel>
  );
}
