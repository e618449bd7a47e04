import type { RawData, WebSocket } from "ws";
import type { RTCIceCandidateInit } from "werift";
import { ControlChannel, type ViewerRequest } from "./control-channel.ts";
import { goodbyeOf, type CloseReason, type Goodbye } from "./stream-goodbye.ts";
import type { DeviceScreen } from "./device-screen.ts";
import { describeError } from "./describe-error.ts";
import { StreamMedia } from "./stream-media.ts";
import { NetworkShaper } from "./network-shaper.ts";
import { deviceScreenFor } from "./screen-registry.ts";
import {
  parseSignalingMessage,
  rawText,
  serverMessages,
  type SignalingRequest,
} from "./signaling-messages.ts";
import type { StreamScreenSpec } from "./screen-spec.ts";
import { StreamLog } from "./stream-log.ts";
import { StreamPeer } from "./stream-peer.ts";
import { codecFromMimeType, videoCodecOrder, type VideoCodec } from "./video-codecs.ts";
import {
  connectGraceMs,
  disconnectedGraceMs,
  maxQueuedCandidates,
  signalingTimeoutMs,
  socketCloseTimeoutMs,
} from "./stream-timeouts.ts";

export interface StreamSessionOptions {
  iceAddresses: string[];
  stunServers: { urls: string[] }[];
  /** Joined through a share link: the viewer is not told the device's state (its messages). */
  throughShare: boolean;
  /** In control as it joins (control-channel.ts); `setViewers` changes it. */
  controls: boolean;
  onViewerRequest: (request: ViewerRequest) => void;
}

type Settings = Extract<SignalingRequest, { type: "settings" }>;

/**
 * One client's stream of one virtual device: signaling over the websocket (reference 4.3; API v2,
 * where the device offers, or v1, where the client does), the werift peer, the control data
 * channel and, once connected, the media: the screen's pipeline and the device's sound. Every way
 * it can end (closed by the gateway, the client leaving, ICE failing) goes through one teardown.
 */
export class StreamSession {
  readonly closed: Promise<void>;
  private readonly socket: WebSocket;
  private readonly spec: StreamScreenSpec;
  private readonly options: StreamSessionOptions;
  private readonly screen: DeviceScreen;
  private readonly log: StreamLog;
  private finished: () => void = () => undefined;
  /** Messages are handled one after the other: a candidate waits for the answer before it. */
  private handling: Promise<void> = Promise.resolve();
  private settings: Settings | undefined;
  private peer: StreamPeer | undefined;
  private codec: VideoCodec | undefined;
  /** Our side's description (the offer, or in API v1 the answer) went out. */
  private descriptionSent = false;
  /** Both descriptions are applied: candidates can be added. */
  private negotiated = false;
  private readonly queuedCandidates: RTCIceCandidateInit[] = [];
  /** The viewer's control channel: the gateway tells it who watches (session-streams.ts). */
  readonly control: ControlChannel;
  /** The viewer's link as the device's network makes it (its mobile profile shapes it). */
  private readonly shaper = new NetworkShaper();
  private readonly media: StreamMedia;
  private goodbye: Promise<void> | undefined;
  private teardown: Promise<void> | undefined;
  /** When the client last sent input; its connecting counts as input. */
  lastInputAt = Date.now();
  private readonly timers = new Map<"signaling" | "connect" | "disconnected", NodeJS.Timeout>();

  constructor(socket: WebSocket, spec: StreamScreenSpec, options: StreamSessionOptions) {
    this.socket = socket;
    this.spec = spec;
    this.options = options;
    this.screen = deviceScreenFor(spec.instanceId);
    this.log = new StreamLog(spec, this.screen.rotation);
    // The input marker counts this viewer's input from zero, as the viewer does.
    if (options.controls) this.screen.resetInputCount();
    this.control = new ControlChannel({
      spec,
      tellsState: !options.throughShare,
      controls: options.controls,
      onViewerRequest: options.onViewerRequest,
      setQuality: (quality) => {
        this.shaper.limit(quality.max_kbps ?? undefined);
        return this.media.rescale(quality.scale);
      },
      screen: this.screen,
      log: this.log,
      inputApplied: (now) => {
        this.lastInputAt = now;
        this.media.inputApplied();
      },
      play: (sound) => {
        this.media.play(sound);
      },
      end: (why) => void this.end(why),
    });
    this.media = new StreamMedia({
      spec,
      screen: this.screen,
      fail: (why) => void this.end(why),
      inputShown: (shown) => {
        this.control.sendInputShown(shown);
      },
    });
    this.shaper.follow(this.screen.state);
    this.closed = new Promise((resolve) => {
      this.finished = resolve;
    });
    // Handlers are attached at once, so that a message sent right after the upgrade is not missed.
    socket.on("message", (data: RawData, isBinary: boolean) => {
      this.handling = this.handling.then(() => this.onSocketMessage(data, isBinary));
    });
    socket.on("close", () => {
      this.onSocketClosed();
    });
    socket.on("error", () => {
      socket.terminate();
    });
    this.arm("signaling", signalingTimeoutMs, "the client did not connect within 5 minutes");
    if (socket.readyState !== socket.OPEN) this.onSocketClosed();
  }

  /** Tells the client why over the control channel (or the websocket, before it has one), then ends. */
  async close(reason: CloseReason, message?: string): Promise<void> {
    // The device stops feeding this client at once; telling it why may take up to a second.
    await this.media.stop();
    this.goodbye ??= this.sayGoodbye(goodbyeOf(reason, message));
    await this.goodbye;
    await this.end(reason === "taken-over" ? "taken over by another client" : "session ended");
  }

  private async onSocketMessage(data: RawData, isBinary: boolean): Promise<void> {
    if (this.teardown) return;
    if (isBinary) {
      this.send(serverMessages.error("signaling messages are JSON text, not binary"));
      return;
    }
    const parsed = parseSignalingMessage(rawText(data));
    if (!parsed.ok) {
      this.send(serverMessages.error(parsed.error));
      return;
    }
    try {
      await this.handle(parsed.message);
    } catch (error) {
      this.send(serverMessages.error(`${parsed.message.type}: ${describeError(error)}`));
    }
  }

  private async handle(message: SignalingRequest): Promise<void> {
    switch (message.type) {
      case "discover":
        this.send(serverMessages.discovered(this.spec.fps));
        return;
      case "settings":
        if (this.settings) {
          this.send(serverMessages.error("settings: already received"));
          return;
        }
        this.settings = message;
        // API v1: the client's offer comes next.
        if (message.apiVersion < 2) return;
        try {
          await this.offer(message);
        } catch (error) {
          // Without an offer there is nothing the client can do: say why and end.
          this.send(
            serverMessages.error(`settings: no offer could be made: ${describeError(error)}`),
          );
          void this.end("no offer could be made");
        }
        return;
      case "offer":
        if (!this.settings) {
          this.send(serverMessages.error("offer: send settings (with api_version 1) first"));
          return;
        }
        if (this.settings.apiVersion >= 2) {
          this.send(
            serverMessages.error(
              "offer: with API version 2 this device sends the offer; answer it instead",
            ),
          );
          return;
        }
        if (this.peer) {
          this.send(serverMessages.error("offer: an offer was already answered"));
          return;
        }
        try {
          await this.answer(message.sdp);
        } catch (error) {
          this.send(
            serverMessages.error(`offer: no answer could be made: ${describeError(error)}`),
          );
          void this.end("no answer could be made");
        }
        return;
      case "answer":
        if (!this.peer || !this.descriptionSent || this.settings?.apiVersion !== 2) {
          this.send(
            serverMessages.error("answer: no offer has been sent yet (send settings first)"),
          );
          return;
        }
        if (this.negotiated) {
          this.send(serverMessages.error("answer: an answer was already applied"));
          return;
        }
        await this.peer.connection.setRemoteDescription({ type: "answer", sdp: message.sdp });
        await this.onNegotiated();
        return;
      case "candidate": {
        if (message.candidate === "") return; // End of candidates: nothing to add.
        const candidate: RTCIceCandidateInit = {
          candidate: message.candidate,
          sdpMid: message.sdpMid,
          sdpMLineIndex: message.sdpMLineIndex,
        };
        if (this.peer && this.negotiated) {
          await this.peer.connection.addIceCandidate(candidate);
        } else if (this.queuedCandidates.length < maxQueuedCandidates) {
          this.queuedCandidates.push(candidate);
        } else {
          this.send(serverMessages.error("candidate: too many candidates before the answer"));
        }
        return;
      }
    }
  }

  /** API v2: creates the peer the client's settings ask for and sends it the offer. */
  private async offer(settings: Settings): Promise<void> {
    const peer = this.createPeer(settings.preferredCodecs);
    const sdp = await peer.offer({ video: settings.enableVideo, audio: settings.enableSpeaker });
    if (this.teardown) return;
    this.send(serverMessages.offer(sdp));
    this.descriptionSent = true;
  }

  /** API v1: creates the peer, answers the client's offer and sends the answer. */
  private async answer(offerSdp: string): Promise<void> {
    const peer = this.createPeer([]);
    const sdp = await peer.answer(offerSdp);
    if (this.teardown) return;
    this.send(serverMessages.answer(sdp));
    this.descriptionSent = true;
    await this.onNegotiated();
  }

  /** Both descriptions are set: the codec is known and the candidates held can be added. */
  private async onNegotiated(): Promise<void> {
    const peer = this.peer;
    if (!peer) return;
    this.negotiated = true;
    this.codec = codecFromMimeType(peer.video?.transceiver.sender.codec?.mimeType);
    for (const candidate of this.queuedCandidates.splice(0)) {
      try {
        await peer.connection.addIceCandidate(candidate);
      } catch (error) {
        this.send(serverMessages.error(`candidate: ${describeError(error)}`));
      }
    }
  }

  private createPeer(preferredCodecs: string[]): StreamPeer {
    const peer = new StreamPeer({
      instanceId: this.spec.instanceId,
      width: this.spec.width,
      height: this.spec.height,
      fps: this.spec.fps,
      codecs: videoCodecOrder(preferredCodecs),
      iceAddresses: this.options.iceAddresses,
      stunServers: this.options.stunServers,
      shaper: this.shaper,
    });
    this.peer = peer;
    const connection = peer.connection;
    connection.connectionStateChange.subscribe((state) => {
      if (state === "connected") {
        this.disarm("signaling");
        this.disarm("connect");
        this.startMedia();
      } else if (state === "failed" || state === "closed") {
        void this.end(`the peer connection ${state}`);
      }
    });
    connection.iceConnectionStateChange.subscribe((state) => {
      if (state === "disconnected") {
        this.arm("disconnected", disconnectedGraceMs, "ICE was disconnected for 10 s");
      } else if (state === "connected" || state === "completed") {
        this.disarm("disconnected");
      } else if (state === "failed") {
        void this.end("ICE failed");
      }
    });
    connection.onDataChannel.subscribe((channel) => {
      this.control.accept(channel, () => this.goodbye !== undefined);
    });
    connection.onIceCandidate.subscribe((candidate) => {
      // Candidates gathered before our description went out are in its SDP already.
      if (!candidate || !this.descriptionSent || candidate.candidate === "") return;
      this.send(
        serverMessages.candidate(candidate.candidate, candidate.sdpMid, candidate.sdpMLineIndex),
      );
    });
    return peer;
  }

  private startMedia(): void {
    if (this.teardown || this.media.stopped) return;
    if (!this.media.started) this.log.connected(this.codec, this.peer?.audio !== undefined);
    this.media.start(this.peer, this.codec);
  }

  private onSocketClosed(): void {
    if (this.teardown || this.peer?.connection.connectionState === "connected") return;
    if (!this.negotiated) {
      void this.end("the client left before connecting");
      return;
    }
    // The SDK closes the websocket as soon as its side of ICE connects; ours may lag a moment.
    this.arm("connect", connectGraceMs, "the client left and its peer did not connect");
  }

  private async sayGoodbye({ type, message }: Goodbye): Promise<void> {
    if (!(await this.control.sayGoodbye(type, message))) this.send(serverMessages.error(message));
  }

  /** Ends the stream: media, peer, socket, in that order. Runs once; every caller gets the same. */
  private end(why: string): Promise<void> {
    this.teardown ??= this.tearDown(why);
    return this.teardown;
  }

  private async tearDown(why: string): Promise<void> {
    if (this.media.started) this.log.left(why);
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await this.media.stop();
    this.control.detach();
    this.shaper.stop();
    this.screen.releasePointers();
    try {
      await this.peer?.connection.close();
    } catch {
      // A peer that fails to close is dropped all the same.
    }
    await this.closeSocket(why);
    this.finished();
  }

  private async closeSocket(why: string): Promise<void> {
    const socket = this.socket;
    if (socket.readyState === socket.CLOSED) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        socket.terminate();
      }, socketCloseTimeoutMs);
      socket.once("close", () => {
        clearTimeout(timer);
        resolve();
      });
      if (socket.readyState === socket.OPEN) {
        socket.close(1000, Buffer.from(why).subarray(0, 120).toString());
      } else if (socket.readyState === socket.CONNECTING) {
        socket.terminate();
      }
    });
  }

  private send(message: object): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private arm(name: "signaling" | "connect" | "disconnected", ms: number, why: string): void {
    this.disarm(name);
    this.timers.set(
      name,
      setTimeout(() => {
        void this.end(why);
      }, ms),
    );
  }

  private disarm(name: "signaling" | "connect" | "disconnected"): void {
    clearTimeout(this.timers.get(name));
    this.timers.delete(name);
  }
}
