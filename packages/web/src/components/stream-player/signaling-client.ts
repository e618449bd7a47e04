import { decodeBase64, encodeBase64 } from "./base64.ts";
import { parseControlMessage, parseSignalingMessage, type ControlMessage } from "./messages.ts";
import { resolveSignalingUrl } from "./signaling-url.ts";
import type { StreamConnection } from "./stream-connection.ts";

/** The signaling phase, from opening the websocket to ICE connected. (The SDK allows 5 min.) */
export const signalingTimeoutMs = 30_000;
/** How long ICE may stay `disconnected` before the stream counts as lost (as in the SDK). */
export const disconnectedGraceMs = 10_000;
/** The signaling API version this client speaks: the server sends the offer. */
export const apiVersion = 2;
/** `WebSocket.OPEN`, spelled out so that a stand-in WebSocket class need not define it. */
const socketOpen = 1;

/** Why a stream ended, as the player shows it. */
export const endReasons = {
  signalingTimeout: "The stream did not start in time.",
  iceFailed: "The connection failed.",
  connectionLost: "The connection was lost.",
  takenOver: "Another viewer took over this stream.",
  sessionEnded: "The session ended.",
  signalingClosed: "The signaling connection closed before the stream started.",
  unsupportedServer: "The stream server does not support this player (signaling API 2 or later).",
} as const;

/** The settings sent after discovery: video and the device's sound, no microphone or camera, H.264 preferred. */
export const streamSettings = {
  type: "settings",
  api_version: apiVersion,
  data_channels: [],
  enable_speaker: true,
  enable_microphone: false,
  enable_video: true,
  enable_camera: false,
  video: { preferred_decoder_codecs: ["H264", "VP8"] },
} as const;

/** What the client needs from the browser; tests hand in fakes. */
export interface SignalingEnvironment {
  /** The page's address, against which a signaling path is resolved. */
  baseUrl: string;
  createWebSocket(url: string): WebSocket;
  createPeerConnection(configuration: RTCConfiguration): RTCPeerConnection;
  createMediaStream(tracks: MediaStreamTrack[]): MediaStream;
}

export function browserEnvironment(): SignalingEnvironment {
  return {
    baseUrl: location.href,
    createWebSocket: (url) => new WebSocket(url),
    createPeerConnection: (configuration) => new RTCPeerConnection(configuration),
    createMediaStream: (tracks) => new MediaStream(tracks),
  };
}

export interface SignalingEvents {
  /** The video arrived (before or after `onConnected`). */
  onStream(stream: MediaStream): void;
  /** The device's sound arrived (a server that has none sends no audio track). */
  onAudio?(stream: MediaStream): void;
  /** ICE connected: the stream plays, the websocket is closed, `peer` has statistics. */
  onConnected(peer: RTCPeerConnection): void;
  /** The stream ended by itself (not by `close()`), with the reason to show. Called once. */
  onEnded(reason: string): void;
  /** A control message from the device that the client does not handle itself. */
  onControlMessage?(message: ControlMessage): void;
  /** The control channel opened: input reaches the device from now on. */
  onControlOpen?(): void;
}

/**
 * The browser side of the streaming SDK's signaling (reference 4.3, API v2): opens the websocket,
 * creates the peer and its `control` data channel, sends `discover` then `settings`, answers the
 * server's offer, trickles candidates both ways (base64), and closes the websocket once ICE is
 * connected. After that, the control channel carries input one way and device events the other.
 */
/** How many control messages wait for the channel to open (a burst of touch moves, at most). */
const maxWaitingControlMessages = 200;

export class StreamSignalingClient {
  readonly #connection: StreamConnection;
  readonly #events: SignalingEvents;
  readonly #environment: SignalingEnvironment;
  #socket: WebSocket | undefined;
  #peer: RTCPeerConnection | undefined;
  #control: RTCDataChannel | undefined;
  /** Control messages sent before the channel opened, in order. */
  #waitingControl: string[] = [];
  #remoteDescriptionSet = false;
  /** Remote candidates that came before the offer was applied. */
  #pendingCandidates: RTCIceCandidateInit[] = [];
  #signalingTimer: ReturnType<typeof setTimeout> | undefined;
  #disconnectedTimer: ReturnType<typeof setTimeout> | undefined;
  #connected = false;
  /** Ended or closed: nothing more is sent, reported or handled. */
  #finished = false;

  constructor(
    connection: StreamConnection,
    events: SignalingEvents,
    environment: SignalingEnvironment = browserEnvironment(),
  ) {
    this.#connection = connection;
    this.#events = events;
    this.#environment = environment;
  }

  /** Opens the signaling websocket; the rest follows from the server's messages. */
  start(): void {
    if (this.#socket !== undefined || this.#finished) return;
    this.#signalingTimer = setTimeout(() => {
      this.#end(endReasons.signalingTimeout);
    }, signalingTimeoutMs);
    let url: string;
    try {
      url = resolveSignalingUrl(this.#connection.signalingUrl, this.#environment.baseUrl);
    } catch (error) {
      this.#end(error instanceof Error ? error.message : String(error));
      return;
    }
    const socket = this.#environment.createWebSocket(url);
    this.#socket = socket;
    socket.onopen = () => {
      this.#onSocketOpen();
    };
    socket.onmessage = (event: MessageEvent) => {
      if (typeof event.data === "string") this.#onSignalingMessage(event.data);
    };
    socket.onclose = () => {
      // The client closes the socket itself once connected; before that, a close is fatal.
      if (!this.#connected) this.#end(endReasons.signalingClosed);
    };
  }

  /**
   * Sends a control message to the device. The channel opens a moment after the video plays:
   * what is sent meanwhile (a first tap) waits for it, in order. False when it cannot arrive.
   */
  sendControl(type: string, data: object = {}): boolean {
    const control = this.#control;
    if (this.#finished || control === undefined) return false;
    const message = JSON.stringify({ type, data });
    if (control.readyState === "connecting") {
      if (this.#waitingControl.length >= maxWaitingControlMessages) return false;
      this.#waitingControl.push(message);
      return true;
    }
    if (control.readyState !== "open") return false;
    control.send(message);
    return true;
  }

  /**
   * Stops the stream (unmount, reconnect): tells the device first when the control channel is
   * open (`stream::disconnect`, which speeds up the next join), then closes everything. Does not
   * call `onEnded`.
   */
  close(): void {
    if (this.#finished) return;
    this.sendControl("stream::disconnect");
    this.#teardown();
  }

  #end(reason: string): void {
    if (this.#finished) return;
    this.#teardown();
    this.#events.onEnded(reason);
  }

  #teardown(): void {
    this.#finished = true;
    clearTimeout(this.#signalingTimer);
    clearTimeout(this.#disconnectedTimer);
    const socket = this.#socket;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.close();
    }
    const peer = this.#peer;
    if (peer) {
      peer.ontrack = null;
      peer.onicecandidate = null;
      peer.oniceconnectionstatechange = null;
      this.#control?.close();
      peer.close();
    }
  }

  #onSocketOpen(): void {
    // The peer and the control channel exist before discovery, as in the SDK: the channel is
    // then part of the session the server's offer is answered with.
    const peer = this.#environment.createPeerConnection({
      iceServers: this.#connection.iceServers,
    });
    this.#peer = peer;
    const control = peer.createDataChannel("control");
    this.#control = control;
    control.onmessage = (event: MessageEvent) => {
      if (typeof event.data === "string") this.#onControlMessage(event.data);
    };
    control.onopen = () => {
      if (this.#finished) return;
      this.#events.onControlOpen?.();
      for (const message of this.#waitingControl.splice(0)) control.send(message);
    };
    peer.ontrack = (event) => {
      // A server's SDP may carry no msid, leaving `event.streams` empty: build the stream here.
      const stream = this.#environment.createMediaStream([event.track]);
      if (event.track.kind === "video") this.#events.onStream(stream);
      else if (event.track.kind === "audio") this.#events.onAudio?.(stream);
    };
    peer.onicecandidate = (event) => {
      const candidate = event.candidate;
      // A null candidate (or an empty one) marks the end of gathering: nothing to send.
      if (!candidate?.candidate) return;
      this.#sendSignaling({
        type: "candidate",
        candidate: encodeBase64(candidate.candidate),
        sdpMid: candidate.sdpMid,
        sdpMLineIndex: candidate.sdpMLineIndex,
      });
    };
    peer.oniceconnectionstatechange = () => {
      this.#onIceState(peer.iceConnectionState);
    };
    this.#sendSignaling({ type: "discover" });
  }

  #sendSignaling(message: object): void {
    const socket = this.#socket;
    if (this.#finished || this.#connected || socket?.readyState !== socketOpen) return;
    socket.send(JSON.stringify(message));
  }

  #onSignalingMessage(text: string): void {
    const message = parseSignalingMessage(text);
    if (message === undefined || this.#finished) return;
    switch (message.type) {
      case "resp:discover":
        if ((message.maxApiVersion ?? 0) < apiVersion) {
          this.#end(endReasons.unsupportedServer);
          return;
        }
        this.#sendSignaling(streamSettings);
        return;
      case "offer":
        void this.#answer(message.sdp);
        return;
      case "candidate": {
        let candidate: string;
        try {
          candidate = decodeBase64(message.candidate);
        } catch {
          return; // Not base64: a candidate that cannot be used, like any other bad one.
        }
        this.#addRemoteCandidate({
          candidate,
          sdpMid: message.sdpMid,
          sdpMLineIndex: message.sdpMLineIndex,
        });
        return;
      }
      case "error":
        this.#end(message.message);
        return;
      case "other":
        return;
    }
  }

  async #answer(encodedSdp: string): Promise<void> {
    const peer = this.#peer;
    if (!peer) return;
    try {
      await peer.setRemoteDescription({ type: "offer", sdp: decodeBase64(encodedSdp) });
      if (this.#closedMeanwhile()) return;
      this.#remoteDescriptionSet = true;
      const queued = this.#pendingCandidates;
      this.#pendingCandidates = [];
      for (const candidate of queued) this.#addRemoteCandidate(candidate);
      const answer = await peer.createAnswer();
      if (this.#closedMeanwhile()) return;
      await peer.setLocalDescription(answer);
      if (this.#closedMeanwhile()) return;
      this.#sendSignaling({ type: "answer", sdp: encodeBase64(answer.sdp ?? "") });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      this.#end(`The stream could not be set up: ${detail}`);
    }
  }

  /** Whether the stream was closed or ended while an await was pending. */
  #closedMeanwhile(): boolean {
    return this.#finished;
  }

  #addRemoteCandidate(candidate: RTCIceCandidateInit): void {
    if (!this.#remoteDescriptionSet) {
      this.#pendingCandidates.push(candidate);
      return;
    }
    // One candidate the browser cannot use does not spoil the others: ICE fails on its own if
    // none works.
    this.#peer?.addIceCandidate(candidate).catch(() => undefined);
  }

  #onIceState(state: RTCIceConnectionState): void {
    if (this.#finished) return;
    switch (state) {
      case "connected":
      case "completed":
        clearTimeout(this.#disconnectedTimer);
        this.#disconnectedTimer = undefined;
        if (!this.#connected) this.#onFirstConnected();
        return;
      case "disconnected":
        // Often transient (a network change): only a disconnection that lasts ends the stream.
        this.#disconnectedTimer ??= setTimeout(() => {
          this.#end(endReasons.connectionLost);
        }, disconnectedGraceMs);
        return;
      case "failed":
        this.#end(endReasons.iceFailed);
        return;
      default:
        return;
    }
  }

  #onFirstConnected(): void {
    this.#connected = true;
    clearTimeout(this.#signalingTimer);
    // Everything travels over WebRTC from now on; the SDK closes the websocket here too.
    const socket = this.#socket;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close();
    }
    if (this.#peer) this.#events.onConnected(this.#peer);
  }

  #onControlMessage(text: string): void {
    const message = parseControlMessage(text);
    if (message === undefined || this.#finished) return;
    if (message.type === "stream::taken-over") {
      // The server has already dropped this viewer: no goodbye is owed.
      this.#end(endReasons.takenOver);
    } else if (message.type === "stream::ended") {
      this.#end(endReasons.sessionEnded);
    } else {
      this.#events.onControlMessage?.(message);
    }
  }
}
