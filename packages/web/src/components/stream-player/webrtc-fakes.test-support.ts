// Stand-ins for the browser's WebSocket, RTCPeerConnection, RTCDataChannel and MediaStream
// (jsdom has none of the WebRTC ones). Each implements only what the player uses and records what
// it was asked to do; the test drives the other side (server messages, ICE states, tracks).
import type { SignalingEnvironment } from "./signaling-client.ts";

/** Every fake records into one shared log, so that a test can check the order of things. */
export type FakeLog = string[];

export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  readonly url: string;
  readyState = 0;
  /** The JSON messages sent, parsed. */
  readonly sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  readonly #log: FakeLog;

  constructor(url: string, log: FakeLog = []) {
    this.url = url;
    this.#log = log;
    log.push(`websocket ${url}`);
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error("FakeWebSocket: send while not open");
    const message = JSON.parse(data) as Record<string, unknown>;
    this.sent.push(message);
    this.#log.push(`send ${String(message.type)}`);
  }

  close(): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.#log.push("websocket closed");
  }

  // The server's side.
  serverOpens(): void {
    this.readyState = 1;
    this.onopen?.();
  }

  serverSends(message: object): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  serverCloses(): void {
    this.readyState = 3;
    this.onclose?.();
  }

  /** The messages sent of one type. */
  sentOfType(type: string): Record<string, unknown>[] {
    return this.sent.filter((message) => message.type === type);
  }
}

export class FakeDataChannel {
  readonly label: string;
  readyState: RTCDataChannelState = "connecting";
  readonly sent: { type: string; data: unknown }[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onopen: (() => void) | null = null;
  readonly #log: FakeLog;

  constructor(label: string, log: FakeLog) {
    this.label = label;
    this.#log = log;
  }

  send(data: string): void {
    if (this.readyState !== "open") throw new Error("FakeDataChannel: send while not open");
    const message = JSON.parse(data) as { type: string; data: unknown };
    this.sent.push(message);
    this.#log.push(`control ${message.type}`);
  }

  close(): void {
    this.readyState = "closed";
    this.#log.push("control closed");
  }

  // The device's side.
  opens(): void {
    this.readyState = "open";
    this.onopen?.();
  }

  deviceSends(message: object): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

export class FakeMediaStream {
  readonly tracks: readonly unknown[];
  constructor(tracks: readonly unknown[] = []) {
    this.tracks = tracks;
  }
}

export const fakeAnswerSdp = "v=0\r\no=- 2 2 IN IP4 127.0.0.1\r\ns=answer\r\n";

export class FakePeerConnection {
  static instances: FakePeerConnection[] = [];
  readonly configuration: RTCConfiguration | undefined;
  iceConnectionState: RTCIceConnectionState = "new";
  readonly channels: FakeDataChannel[] = [];
  remoteDescription: RTCSessionDescriptionInit | undefined;
  localDescription: RTCSessionDescriptionInit | undefined;
  readonly addedCandidates: RTCIceCandidateInit[] = [];
  closed = false;
  /** Makes setRemoteDescription reject, to test negotiation failures. */
  rejectRemoteDescription: Error | undefined;
  ontrack: ((event: { track: unknown; streams: readonly unknown[] }) => void) | null = null;
  onicecandidate: ((event: { candidate: Partial<RTCIceCandidate> | null }) => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  readonly #log: FakeLog;

  constructor(configuration?: RTCConfiguration, log: FakeLog = []) {
    this.configuration = configuration;
    this.#log = log;
    log.push("peer created");
    FakePeerConnection.instances.push(this);
  }

  createDataChannel(label: string): FakeDataChannel {
    const channel = new FakeDataChannel(label, this.#log);
    this.channels.push(channel);
    this.#log.push(`data channel ${label}`);
    return channel;
  }

  setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
    this.#log.push(`remote ${description.type}`);
    if (this.rejectRemoteDescription) return Promise.reject(this.rejectRemoteDescription);
    this.remoteDescription = description;
    return Promise.resolve();
  }

  createAnswer(): Promise<RTCSessionDescriptionInit> {
    return Promise.resolve({ type: "answer", sdp: fakeAnswerSdp });
  }

  setLocalDescription(description: RTCSessionDescriptionInit): Promise<void> {
    this.localDescription = description;
    this.#log.push(`local ${description.type}`);
    return Promise.resolve();
  }

  addIceCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    this.addedCandidates.push(candidate);
    this.#log.push("candidate added");
    return Promise.resolve();
  }

  close(): void {
    this.closed = true;
    this.iceConnectionState = "closed";
    this.#log.push("peer closed");
  }

  // The network's side.
  get control(): FakeDataChannel {
    const channel = this.channels.find((candidate) => candidate.label === "control");
    if (!channel) throw new Error("FakePeerConnection: no control channel");
    return channel;
  }

  iceStateBecomes(state: RTCIceConnectionState): void {
    this.iceConnectionState = state;
    this.oniceconnectionstatechange?.();
  }

  gathers(candidate: Partial<RTCIceCandidate> | null): void {
    this.onicecandidate?.({ candidate });
  }

  receivesTrack(kind: "video" | "audio"): { kind: string } {
    const track = { kind };
    this.ontrack?.({ track, streams: [] });
    return track;
  }
}

/** An environment for `StreamSignalingClient` made of fakes, and the fakes it made. */
export function fakeEnvironment(baseUrl = "https://dashboard.example/sessions/s-1") {
  const log: FakeLog = [];
  const sockets: FakeWebSocket[] = [];
  const peers: FakePeerConnection[] = [];
  const environment: SignalingEnvironment = {
    baseUrl,
    createWebSocket: (url) => {
      const socket = new FakeWebSocket(url, log);
      sockets.push(socket);
      // The fake implements only what the client uses.
      return socket as unknown as WebSocket;
    },
    createPeerConnection: (configuration) => {
      const peer = new FakePeerConnection(configuration, log);
      peers.push(peer);
      return peer as unknown as RTCPeerConnection;
    },
    createMediaStream: (tracks) => new FakeMediaStream(tracks) as unknown as MediaStream,
  };
  return {
    environment,
    log,
    socket(): FakeWebSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error("no websocket was opened");
      return socket;
    },
    peer(): FakePeerConnection {
      const peer = peers.at(-1);
      if (!peer) throw new Error("no peer was created");
      return peer;
    },
  };
}

/** Lets pending promise callbacks (the client's async answer) run. */
export async function flushPromises(): Promise<void> {
  for (let round = 0; round < 5; round += 1) await Promise.resolve();
}
