import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import type { Rotation } from "./device-point.ts";
import { deviceKeys } from "./key-codes.ts";
import { PlayerStatus } from "./PlayerStatus.tsx";
import { PlayerToolbar } from "./PlayerToolbar.tsx";
import { accelerationFor, nextRotation, orientationFor } from "./rotation.ts";
import { downloadScreenshot } from "./screenshot.ts";
import {
  actionForKey,
  pageActions,
  panelActions,
  type PanelAction,
  type PlayerAction,
} from "./shortcuts.ts";
import { ShortcutsHelp } from "./ShortcutsHelp.tsx";
import { SoundControls } from "./SoundControls.tsx";
import type { StreamConnection } from "./stream-connection.ts";
import { useFileDrop } from "./use-file-drop.ts";
import { useStreamViewers } from "./use-stream-viewers.ts";
import { ViewersBar } from "./ViewersBar.tsx";
import { streamViewersMessageSchema } from "@anbox-dashboard/contract";
import { useFullscreen } from "./use-fullscreen.ts";
import type { InputLatencyProbe } from "./input-latency.ts";
import { useInputLatency } from "./use-input-latency.ts";
import { useKeyboardCapture } from "./use-keyboard-capture.ts";
import { useScreenRecording } from "./use-screen-recording.ts";
import { useSound } from "./use-sound.ts";
import { useStreamSession, type SendControl } from "./use-stream-session.ts";
import { useTouchInput } from "./use-touch-input.ts";
import { useWheelInput } from "./use-wheel-input.ts";
import "./_stream-player.scss";

export type { StreamConnection } from "./stream-connection.ts";

export interface StreamPlayerProps {
  /** Asks the dashboard server to join the session; called on mount and on "Reconnect". */
  connect: () => Promise<StreamConnection>;
  /** Device screen size in pixels (the instance's display), for input mapping and the video's aspect. */
  screen: { width: number; height: number };
  /** The live peer, for the statistics panel (undefined when not connected). */
  onPeer?: (peer: RTCPeerConnection | undefined) => void;
  /** Toolbar buttons the page adds (share link, statistics toggle), rendered after the player's own. */
  extraControls?: ReactNode;
  /** Fill the window (VDI and public pages) instead of the page's content area. */
  fullWindow?: boolean;
  /**
   * The panels the page puts beside the player (statistics, developer tools, device controls),
   * each opened and closed by its button and shortcut: the page owns the panel.
   */
  panels?: Partial<Record<PanelAction, () => void>>;
  /** A control message from the device (`device::state`): the page shows what it says. */
  onDeviceMessage?: (type: string, data: unknown) => void;
  /**
   * The control channel, while the stream plays (undefined otherwise): what the page sends the
   * device over the stream itself (a route's positions, this phone's motion), and whether this
   * viewer is in control (a watcher's input does not reach the device; its stream quality does).
   */
  onControl?: (send: SendControl | undefined, controlling: boolean) => void;
  /**
   * Files dropped on the stream, for the device (its downloads); without it the stream takes no
   * drop (the user may not push files).
   */
  onDropFiles?: ((files: File[]) => void) | undefined;
  /** Called when the user asks for a share link (the page owns the dialog). */
  onShare?: () => void;
  /** Why the user may not make share links of this stream: Share is disabled, saying so. */
  shareRefused?: string | undefined;
  /** Downloads a bug report of the instance and its stream (the page gathers it). */
  onBugReport?: () => void;
  /** Times the input sent to the frames that show it (for the statistics). */
  latencyProbe?: InputLatencyProbe;
  /**
   * Time the input now (the statistics are open): the device draws its input marker, a black and
   * white strip in the picture's corner, only meanwhile. The probe counts the input throughout.
   */
  timeInput?: boolean;
}

/** Typing in a field the page put in the player (a share form, say) is not a shortcut. */
function isEditable(target: EventTarget): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))
  );
}

/**
 * Plays a virtual device's stream and its sound and sends it touches, wheel and keys; a toolbar
 * rotates it either way, presses its Home, Back, volume and power keys, captures the keyboard,
 * takes screenshots, mutes the sound and goes full screen.
 */
export function StreamPlayer({
  connect,
  screen,
  onPeer,
  extraControls,
  fullWindow = false,
  panels = {},
  onDeviceMessage,
  onControl,
  onDropFiles,
  onShare,
  onBugReport,
  shareRefused,
  latencyProbe,
  timeInput = false,
}: StreamPlayerProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [rotation, setRotation] = useState<Rotation>(0);
  const timing = latencyProbe !== undefined && timeInput;
  // What the device was last told about timing: it draws no marker for a new viewer.
  const timingTold = useRef(false);
  // The device keeps its rotation from an earlier viewer: it turns to this player's as it joins.
  const tellOrientation = (send: SendControl) => {
    send("input::rotate", { orientation: orientationFor(rotation, screen) });
    send("sensor:event", { sensor: "acceleration", ...accelerationFor(rotation) });
    timingTold.current = timing && send("stream::timing", { enabled: true });
  };
  // Who watches and who controls (several viewers of one stream): the join says, then the device.
  const viewers = useStreamViewers();
  const { joined: viewerJoined, told: viewersTold } = viewers;
  const joinNoting = useCallback(async () => {
    const connection = await connect();
    viewerJoined(connection);
    return connection;
  }, [connect, viewerJoined]);
  const fromDevice = useCallback(
    (type: string, data: unknown) => {
      if (type !== "stream::viewers") {
        onDeviceMessage?.(type, data);
        return;
      }
      const message = streamViewersMessageSchema.safeParse(data);
      if (message.success) viewersTold(message.data);
    },
    [onDeviceMessage, viewersTold],
  );
  const {
    status,
    stream,
    audio,
    sendControl: sendToDevice,
    reconnect,
  } = useStreamSession(joinNoting, onPeer, tellOrientation, fromDevice);
  const controlling = viewers.state.controlling;
  const noteInput = useInputLatency(videoRef, latencyProbe, stream, timing);
  // The statistics opened or closed while the stream plays: the device shows or hides its marker.
  useEffect(() => {
    if (timingTold.current === timing) return;
    if (sendToDevice("stream::timing", { enabled: timing })) timingTold.current = timing;
  }, [timing, sendToDevice]);
  // Every message to the device goes through here: the input among them is timed.
  const sendControl = useCallback(
    (type: string, data?: object) => {
      const sent = sendToDevice(type, data);
      if (sent) noteInput(type);
      return sent;
    },
    [sendToDevice, noteInput],
  );
  const playing = status.phase === "playing";
  useEffect(() => {
    onControl?.(playing ? sendToDevice : undefined, controlling);
  }, [onControl, playing, sendToDevice, controlling]);
  const sound = useSound(audioRef, audio);
  const recording = useScreenRecording(stream, audio);
  const fullscreen = useFullscreen(rootRef);
  const drop = useFileDrop(onDropFiles);
  const keyboard = useKeyboardCapture(sendControl, playing && controlling);
  // A watcher's touches and wheel go nowhere: its input does not reach the device.
  const sendInput = useCallback(
    (type: string, data?: object) => controlling && sendControl(type, data),
    [controlling, sendControl],
  );
  const touch = useTouchInput(videoRef, screen, rotation, sendInput);
  useWheelInput(videoRef, sendInput);

  useEffect(() => {
    const video = videoRef.current;
    if (video) video.srcObject = stream ?? null;
  }, [stream]);

  // Touches down when the stream stops are forgotten: the next stream starts with none.
  const { releaseAll: releaseTouches } = touch;
  useEffect(() => {
    if (!playing) releaseTouches();
  }, [playing, releaseTouches]);

  const pressDeviceKey = (code: number) => {
    sendControl("input::key", { code, pressed: true });
    sendControl("input::key", { code, pressed: false });
  };

  const run = (action: PlayerAction) => {
    switch (action) {
      case "fullscreen":
        if (fullscreen.available) fullscreen.toggle();
        return;
      case "statistics":
      case "devtools":
      case "device-controls":
        panels[action]?.();
        return;
      case "share":
        if (shareRefused === undefined) onShare?.();
        return;
      case "bug-report":
        onBugReport?.();
        return;
      case "record":
        recording.toggle();
        return;
      case "screenshot":
        if (playing && videoRef.current) downloadScreenshot(videoRef.current, screen);
        return;
      default:
        break;
    }
    // What reaches the device: only while the stream plays, from the viewer in control.
    if (!playing || !controlling) return;
    switch (action) {
      case "rotate":
      case "rotate-left": {
        const next = nextRotation(rotation, action === "rotate" ? "right" : "left");
        sendControl("input::rotate", { orientation: orientationFor(next, screen) });
        // As the SDK does: apps that follow the accelerometer rather than the system turn too.
        sendControl("sensor:event", { sensor: "acceleration", ...accelerationFor(next) });
        setRotation(next);
        return;
      }
      case "home":
        pressDeviceKey(deviceKeys.home);
        return;
      case "back":
        pressDeviceKey(deviceKeys.back);
        return;
      case "volume-up":
        pressDeviceKey(deviceKeys.volumeUp);
        return;
      case "volume-down":
        pressDeviceKey(deviceKeys.volumeDown);
        return;
      case "power":
        pressDeviceKey(deviceKeys.power);
        return;
      case "keyboard":
        keyboard.toggle();
        return;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (keyboard.capturing) {
      keyboard.onKeyDown(event);
      return;
    }
    if (isEditable(event.target)) return;
    const action = actionForKey(event);
    if (action === undefined || (pageActions.includes(action) && !offered.has(action))) return;
    event.preventDefault();
    run(action);
  };

  // The page's actions it offers: its panels, and share links when it makes them.
  const offered = new Set<PlayerAction>([
    ...panelActions.filter((action) => panels[action] !== undefined),
    ...(onShare ? (["share"] as const) : []),
    ...(onBugReport ? (["bug-report"] as const) : []),
  ]);

  const sideways = rotation === 90 || rotation === 270;
  // The box has the aspect of the screen as shown; the stylesheet fits it in the stage (and, on
  // a phone or a tablet, gives the stage that aspect too). Set on the root: both inherit it.
  const shownAspect = {
    "--shown-width": sideways ? screen.height : screen.width,
    "--shown-height": sideways ? screen.width : screen.height,
  } as CSSProperties;

  return (
    // The player's keyboard shortcuts and keyboard capture: keys pressed on its controls or its video
    // (the focusable parts) bubble up to here. The region itself is not a control.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- delegated keys
    <div
      ref={rootRef}
      className={`stream-player${fullWindow ? " is-full-window" : ""}`}
      style={shownAspect}
      role="region"
      aria-label="Stream player"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onKeyUp={keyboard.onKeyUp}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) keyboard.releaseKeys();
      }}
    >
      <PlayerToolbar
        onAction={run}
        playing={playing}
        fullscreen={fullscreen}
        capturingKeyboard={keyboard.capturing}
        offered={offered}
        shareRefused={shareRefused}
        recording={recording}
        sound={<SoundControls sound={sound} hasSound={playing && audio !== undefined} />}
        extraControls={extraControls}
        inputRefused={controlling ? undefined : "Only the viewer in control can use the device"}
      />
      {playing && (
        <ViewersBar
          viewers={viewers.state}
          onHandControl={(viewerId) => {
            sendToDevice("stream::hand-control", { to: viewerId });
          }}
          onTakeControl={() => {
            sendToDevice("stream::take-control");
          }}
        />
      )}
      {playing && audio !== undefined && sound.waitingForGesture && !sound.muted && (
        // Any click or key in the page turns the sound on; this button is one such click. Above the
        // picture, not over it: the device's status bar stays in sight.
        <button type="button" className="stream-player__sound-notice">
          Sound is off until you click or press a key here
        </button>
      )}
      <div className="stream-player__stage" {...drop.handlers}>
        <div className="stream-player__screen">
          <video
            ref={videoRef}
            className={`stream-player__video${sideways ? " is-sideways" : ""}`}
            style={{ transform: `translate(-50%, -50%) rotate(${rotation}deg)` }}
            aria-label="Stream of the device"
            tabIndex={0}
            autoPlay
            playsInline
            muted
            disablePictureInPicture
            onContextMenu={(event) => {
              event.preventDefault();
            }}
            onPointerDownCapture={(event) => {
              // Clicking the picture gives the player the keyboard (shortcuts, capture).
              event.currentTarget.focus({ preventScroll: true });
            }}
            {...touch.handlers}
          />
        </div>
        {/* The device's sound: clicks and tones, no speech to caption. */}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- nothing to caption */}
        <audio ref={audioRef} autoPlay />
        {drop.over && (
          <div className="stream-player__drop" aria-hidden="true">
            Drop to send into the device&apos;s Downloads (an APK is installed)
          </div>
        )}
        <PlayerStatus
          status={status}
          onReconnect={() => {
            keyboard.release();
            reconnect();
          }}
        />
      </div>
      <ShortcutsHelp capturingKeyboard={keyboard.capturing} offered={offered} />
    </div>
  );
}
