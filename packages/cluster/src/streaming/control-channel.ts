import type { RTCDataChannel } from "werift";
import { parseControlMessage, type ControlEvent } from "./control-messages.ts";
import type { DeviceScreen } from "./device-screen.ts";
import type { DeviceSoundName } from "./device-sounds.ts";
import { keyEffect } from "./hid-keys.ts";
import { countsAsInput } from "./input-marker.ts";
import type { InputShown } from "./input-timeline.ts";
import type { StreamScreenSpec } from "./screen-spec.ts";
import type { StreamLog } from "./stream-log.ts";
import { decodeCameraPicture } from "./camera-picture.ts";
import { describeError } from "./describe-error.ts";
import type { StreamQuality, StreamViewersMessage } from "@anbox-dashboard/contract";

/** What a viewer asks of the gateway about control. */
export type ViewerRequest = { kind: "hand-control"; to: string } | { kind: "take-control" };

/** How long a goodbye on the control channel may take to be delivered. */
const goodbyeTimeoutMs = 1_000;
/**
 * The longest control message read: input is a few dozen bytes and a camera feed's frame at most
 * some tens of kilobytes (what a data channel carries whole); longer is not parsed at all.
 */
const maxMessageLength = 96 * 1024;
/** A device's camera takes a live feed's frame at most this often, however many are sent. */
const cameraFrameGapMs = 200;
/** Changes to the device's state within this long go to the viewer as one message. */
const statePushDelayMs = 50;

/** What the control channel acts on: the stream session around it. */
export interface ControlChannelHost {
  spec: StreamScreenSpec;
  /**
   * Whether the viewer is told the device's state (device::state): not one who came through a
   * share link, since it holds the clipboard, the last SMS and where the device has been.
   */
  tellsState: boolean;
  /** Whether the viewer is in control as it joins: a watcher's input does not reach the device. */
  controls: boolean;
  /** A viewer's request about control (hand it over, take it): the gateway decides. */
  onViewerRequest: (request: ViewerRequest) => void;
  /** The viewer's own stream's ceiling and picture size; its size once applied. */
  setQuality: (quality: StreamQuality) => Promise<{ width: number; height: number }>;
  screen: DeviceScreen;
  log: StreamLog;
  /** An input reached the device now (touch, key, ...): the pipeline draws its marker. */
  inputApplied(now: number): void;
  play(sound: DeviceSoundName): void;
  /** The client left (it closed the channel, or said so): the stream ends. */
  end(why: string): void;
}

/**
 * The client's `control` data channel of one stream (reference 4.4): the input it carries goes to
 * the device's screen with the sound the device makes for it; the client may ask for each input's
 * timing on the device; the stream's goodbye goes out on it before it closes.
 */
export class ControlChannel {
  private readonly host: ControlChannelHost;
  private channel: RTCDataChannel | undefined;
  private badMessageReported = false;
  /** The client asked for each input's timing on the device (stream::timing). */
  private timingWanted = false;
  private statePush: NodeJS.Timeout | undefined;
  private decodingCamera = false;
  private stopWatchingState: () => void = () => undefined;
  private controls: boolean;
  /** Who watches the stream, as last told (sent again when the channel opens). */
  private viewers: StreamViewersMessage | undefined;

  constructor(host: ControlChannelHost) {
    this.host = host;
    this.controls = host.controls;
  }

  /**
   * Who watches the stream now (`stream::viewers`, this project's extension), and whether this
   * viewer is the one in control: from now on its input reaches the device, or does not.
   */
  setViewers(viewers: StreamViewersMessage, controls: boolean): void {
    if (this.controls && !controls) {
      // Control went to another viewer: what this one held down and its timing go with it.
      this.host.screen.releasePointers();
      if (this.timingWanted) this.host.screen.showInputMarker(false);
      this.timingWanted = false;
    }
    this.controls = controls;
    this.viewers = viewers;
    this.sendViewers();
  }

  private sendViewers(): void {
    if (this.viewers !== undefined) this.send("stream::viewers", this.viewers);
  }

  /** A message to the viewer, while its channel is open. */
  private send(type: string, data: object): void {
    if (this.channel?.readyState === "open") this.channel.send(JSON.stringify({ type, data }));
  }

  /** The client's data channels: `control` carries input; others are accepted and left alone. */
  accept(channel: RTCDataChannel, leaving: () => boolean): void {
    if (channel.label !== "control") return;
    // One control channel a stream: another one a client opens is not listened to (each would
    // otherwise keep a watcher on the device, which outlives the stream).
    if (this.channel !== undefined) return;
    this.channel = channel;
    channel.onMessage.subscribe((data) => {
      this.onMessage(typeof data === "string" ? data : data.toString("utf8"));
    });
    // The viewer's panel shows the device's state: all of it as the channel opens, then again
    // after each change (a burst of sensor values is one message).
    this.stopWatchingState = this.host.screen.state.onChange(() => {
      this.statePush ??= setTimeout(() => {
        this.statePush = undefined;
        this.sendState();
      }, statePushDelayMs);
    });
    if (channel.readyState === "open") this.sendState();
    if (channel.readyState === "open") this.sendViewers();
    channel.stateChanged.subscribe((state) => {
      if (state === "open") this.sendState();
      if (state === "open") this.sendViewers();
      if (state !== "closed") return;
      this.detach();
      // A client that closes its control channel is leaving (the SDK's stop() does it first).
      if (!leaving()) this.host.end("the client closed its control channel");
    });
  }

  /** The stream ended: the device's state changes no longer go to this viewer. */
  detach(): void {
    this.stopWatchingState();
    clearTimeout(this.statePush);
    this.statePush = undefined;
  }

  /** `device::state` (this project's extension): what the device has been given, for the panel. */
  private sendState(): void {
    if (this.host.tellsState) this.send("device::state", this.host.screen.state.snapshot());
  }

  /** Where the device's part of an input's time to the screen went, for a client that asked. */
  sendInputShown(shown: InputShown): void {
    if (!this.timingWanted) return;
    this.send("stream::input-shown", {
      input: shown.input,
      received_at: shown.receivedAt,
      drawn_at: shown.drawnAt,
      encoded_at: shown.encodedAt,
    });
  }

  /**
   * Says goodbye on the channel and closes it; resolves once the client has it (closing the
   * channel resets its stream, which the client performs only after it received everything sent
   * before), or after a second. False when the channel is not open: say it elsewhere.
   */
  async sayGoodbye(type: string, message: string): Promise<boolean> {
    const channel = this.channel;
    if (channel?.readyState !== "open") return false;
    channel.send(JSON.stringify({ type, data: { message } }));
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, goodbyeTimeoutMs);
      channel.stateChanged.subscribe((state) => {
        if (state !== "closed") return;
        clearTimeout(timer);
        resolve();
      });
      channel.close();
    });
    return true;
  }

  /** A message the device could not take: said once in the cluster's log, later ones not. */
  private reportBadMessage(error: string): void {
    if (this.badMessageReported) return;
    this.badMessageReported = true;
    console.warn(
      `stream of ${this.host.spec.instanceName}: ignored a control message (${error}); later ones are ignored silently`,
    );
  }

  private onMessage(text: string): void {
    const { host } = this;
    if (text.length > maxMessageLength) {
      this.reportBadMessage(`a control message of ${String(text.length)} characters`);
      return;
    }
    const parsed = parseControlMessage(text);
    if (!parsed.ok) {
      this.reportBadMessage(parsed.error);
      return;
    }
    if (parsed.event.kind === "disconnect") {
      host.end("the client disconnected");
      return;
    }
    if (parsed.event.kind === "hand-control" || parsed.event.kind === "take-control") {
      host.onViewerRequest(parsed.event);
      return;
    }
    // The viewer's own stream (a watcher's too): it changes nothing on the device.
    if (parsed.event.kind === "quality") {
      const { quality } = parsed.event;
      host.setQuality(quality).then(
        (size) => {
          this.send("stream::quality", { ...quality, ...size });
        },
        (error: unknown) => {
          this.reportBadMessage(describeError(error));
        },
      );
      return;
    }
    // A watcher's input, camera frames and timing requests do not reach the device.
    if (!this.controls) return;
    if (parsed.event.kind === "timing") {
      this.timingWanted = parsed.event.enabled;
      host.screen.showInputMarker(parsed.event.enabled);
      return;
    }
    if (parsed.event.kind === "camera") {
      // Decoded off the channel's turn, one at a time: a frame that comes meanwhile is let go,
      // as one that is not a picture is (said once).
      if (this.decodingCamera || !host.screen.takesCameraFrame(Date.now(), cameraFrameGapMs))
        return;
      this.decodingCamera = true;
      const { jpeg, source } = parsed.event;
      decodeCameraPicture(jpeg)
        .then(
          (picture) => {
            host.screen.showToCamera(picture, source);
          },
          (error: unknown) => {
            this.reportBadMessage(describeError(error));
          },
        )
        .finally(() => {
          this.decodingCamera = false;
        });
      return;
    }
    const now = Date.now();
    host.screen.apply(parsed.event, host.spec, now);
    if (countsAsInput(parsed.event)) host.inputApplied(now);
    host.log.input(parsed.event, host.screen.rotation);
    const sound = soundOf(parsed.event);
    if (sound) host.play(sound);
  }
}

/** The sound the device makes for an input: a click for a touch, a tone for a device key. */
function soundOf(event: ControlEvent): DeviceSoundName | undefined {
  if (event.kind === "touch-start") return "touch";
  // A mouse's left button touches the screen too (device-screen.ts).
  if (event.kind === "mouse-button")
    return event.button === 1 && event.pressed ? "touch" : undefined;
  if (event.kind !== "key" || !event.pressed) return undefined;
  const effect = keyEffect(event.code, false);
  if (effect.kind !== "navigation") return undefined;
  switch (effect.key) {
    case "Home":
      return "home";
    case "Back":
      return "back";
    case "Volume up":
    case "Volume down":
      return "volume";
    case "Power":
      return undefined;
  }
}
