import type { DeviceScreen } from "./device-screen.ts";
import type { InputShown } from "./input-timeline.ts";
import type { StreamScreenSpec } from "./screen-spec.ts";
import type { SendingTrack } from "./stream-peer.ts";
import type { VideoCodec } from "./video-codecs.ts";

/** What a screen stream is made from. */
export interface MediaPipelineSpec extends Omit<StreamScreenSpec, "instanceId"> {
  /** The picture's size (width, height) as a share of the device's screen. */
  scale: number;
  codec: VideoCodec;
  /** The negotiated video sender and its werift track. */
  video: SendingTrack;
  screen: DeviceScreen;
  /** The encoder cannot be kept running: the stream has no video left. */
  onFailure: (why: string) => void;
  /** The first frame showing an input is on its way to the client. */
  onInputShown: (shown: InputShown) => void;
}

/** The screen streaming to one client while it is connected. */
export interface ScreenStream {
  /** Input was applied to the screen: show it in a frame now (FramePump.expedite). */
  inputApplied(): void;
  /** Stops it, leaving no process and no socket behind. */
  stop(): Promise<void>;
}
