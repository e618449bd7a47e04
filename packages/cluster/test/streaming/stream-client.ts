// A viewer for tests: the signaling websocket and a werift peer playing the browser's part, as the
// streaming SDK does it (reference 4.3): discover, settings, answer the device's offer, trickle
// candidates, close the websocket once connected; input on the `control` data channel.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { WebSocket, WebSocketServer } from "ws";
import {
  RTCPeerConnection,
  useH264,
  useOPUS,
  useVP8,
  type RTCDataChannel,
  type RTCRtpCodecParameters,
  type RtpPacket,
} from "werift";
import { playoutDelayExtension } from "../../src/streaming/playout-delay.ts";
import {
  serveSignaling,
  type StreamHandle,
  type StreamScreenSpec,
} from "../../src/streaming/serve-signaling.ts";

export interface StreamServer {
  url: string;
  /** The handle of the n-th client that connected (0-based), once it has. */
  handle(index: number): Promise<StreamHandle>;
  close(): Promise<void>;
}

/** A `ws` server on 127.0.0.1 that hands each connection to serveSignaling. */
export async function startStreamServer(
  screen: StreamScreenSpec,
  options: Parameters<typeof serveSignaling>[2] = {},
): Promise<StreamServer> {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const handles: StreamHandle[] = [];
  server.on("connection", (socket) => {
    handles.push(serveSignaling(socket, screen, options));
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("expected a TCP address");
  return {
    url: `ws://127.0.0.1:${address.port}`,
    handle: (index) => waitFor(() => handles[index], `client ${index} to be served`),
    close: () =>
      new Promise((resolve) => {
        // A test that failed half-way may leave its client connected.
        for (const client of server.clients) client.terminate();
        server.close(() => {
          resolve();
        });
      }),
  };
}

export type Json = Record<string, unknown>;

/** The client's end of the signaling websocket, keeping every message it receives. */
export class SignalingClient {
  readonly socket: WebSocket;
  readonly received: Json[] = [];
  private taken = 0;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.on("message", (data: Buffer) => {
      this.received.push(JSON.parse(data.toString("utf8")) as Json);
    });
  }

  static async connect(url: string): Promise<SignalingClient> {
    const socket = new WebSocket(url);
    const client = new SignalingClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => {
        resolve();
      });
      socket.once("error", reject);
    });
    return client;
  }

  send(message: Json | string): void {
    this.socket.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** The next message not yet taken, of the given type; messages of other types are passed over. */
  async next(type: string, timeoutMs = 5_000): Promise<Json> {
    const found = await waitFor(
      () => {
        const index = this.received.findIndex(
          (message, at) => at >= this.taken && message.type === type,
        );
        return index === -1 ? undefined : index;
      },
      `a "${type}" message (got ${JSON.stringify(this.received.slice(this.taken))})`,
      timeoutMs,
    );
    this.taken = found + 1;
    const message = this.received[found];
    if (!message) throw new Error("message vanished");
    return message;
  }

  closed(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once("close", () => {
        resolve();
      });
    });
  }
}

/** The browser's peer: receives video and sound, sends input on `control`. */
export class Viewer {
  readonly peer: RTCPeerConnection;
  readonly control: RTCDataChannel;
  readonly controlMessages: string[] = [];
  /** The video's RTP packets, as received. */
  readonly packets: RtpPacket[] = [];
  /** The sound's. */
  readonly audioPackets: RtpPacket[] = [];

  constructor(codecs: RTCRtpCodecParameters[] = [useH264(), useVP8()]) {
    this.peer = new RTCPeerConnection({
      codecs: { video: codecs, audio: [useOPUS()] },
      // As Chromium does: it takes the playout delay extension on video.
      headerExtensions: { video: [playoutDelayExtension()], audio: [] },
      iceAdditionalHostAddresses: ["127.0.0.1"],
    });
    // As the SDK does: the control channel exists before the offer arrives.
    this.control = this.peer.createDataChannel("control");
    this.control.onMessage.subscribe((data) => {
      this.controlMessages.push(typeof data === "string" ? data : data.toString("utf8"));
    });
    this.peer.onTrack.subscribe((track) => {
      const received = track.kind === "audio" ? this.audioPackets : this.packets;
      track.onReceiveRtp.subscribe((packet) => {
        received.push(packet);
      });
    });
  }
  /** The data of each control message of `type` received so far, in order. */
  controlMessagesOf<T>(type: string): T[] {
    return this.controlMessages
      .map((text) => JSON.parse(text) as { type: string; data: T })
      .filter((message) => message.type === type)
      .map((message) => message.data);
  }

  /** Runs the whole handshake over `signaling`, up to a connected peer and a closed websocket. */
  async connect(signaling: SignalingClient, settings: Json = {}): Promise<void> {
    signaling.send({ type: "discover" });
    await signaling.next("resp:discover");
    signaling.send({
      type: "settings",
      api_version: 2,
      data_channels: [],
      enable_speaker: false,
      enable_microphone: false,
      enable_video: true,
      enable_camera: false,
      ...settings,
    });
    const offer = await signaling.next("offer", 10_000);
    await this.answer(signaling, decode(offer.sdp));
    await this.connected(signaling);
  }

  /**
   * The handshake of signaling API v1, as the SDK does it with `apiVersion: 1`: settings with the
   * version alone, then the client's offer (audio recvonly with speakers, else inactive; video
   * recvonly), the device's answer, candidates both ways.
   */
  async connectWithOffer(signaling: SignalingClient, { speaker }: { speaker: boolean }) {
    signaling.send({ type: "discover" });
    await signaling.next("resp:discover");
    signaling.send({ type: "settings", api_version: 1 });
    this.trickleTo(signaling);
    this.peer.addTransceiver("audio", { direction: speaker ? "recvonly" : "inactive" });
    this.peer.addTransceiver("video", { direction: "recvonly" });
    await this.peer.setLocalDescription(await this.peer.createOffer());
    const sdp = this.peer.localDescription?.sdp ?? "";
    signaling.send({ type: "offer", sdp: Buffer.from(sdp).toString("base64"), dataChannels: [] });
    const answer = await signaling.next("answer", 10_000);
    await this.peer.setRemoteDescription({ type: "answer", sdp: decode(answer.sdp) });
    await this.connected(signaling);
  }

  private async connected(signaling: SignalingClient): Promise<void> {
    await waitFor(
      () => (this.peer.connectionState === "connected" ? true : undefined),
      "the viewer's peer to connect",
      10_000,
    );
    signaling.socket.close();
  }

  private trickleTo(signaling: SignalingClient): void {
    this.peer.onIceCandidate.subscribe((candidate) => {
      if (!candidate || signaling.socket.readyState !== WebSocket.OPEN) return;
      signaling.send({
        type: "candidate",
        candidate: Buffer.from(candidate.candidate).toString("base64"),
        sdpMid: candidate.sdpMid ?? null,
        sdpMLineIndex: candidate.sdpMLineIndex ?? null,
      });
    });
  }

  async answer(signaling: SignalingClient, offerSdp: string): Promise<void> {
    this.trickleTo(signaling);
    await this.peer.setRemoteDescription({ type: "offer", sdp: offerSdp });
    await this.peer.setLocalDescription(await this.peer.createAnswer());
    const sdp = this.peer.localDescription?.sdp ?? "";
    signaling.send({ type: "answer", sdp: Buffer.from(sdp).toString("base64") });
  }

  /** The negotiated codec of a kind (video by default), as the viewer receives it. */
  receivedCodec(kind: "video" | "audio" = "video"): RTCRtpCodecParameters | undefined {
    return this.peer.getTransceivers().find((transceiver) => transceiver.kind === kind)?.codecs[0];
  }

  sendControl(message: Json | string): void {
    this.control.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  close(): Promise<void> {
    return this.peer.close();
  }
}

export function decode(value: unknown): string {
  if (typeof value !== "string") throw new Error(`expected base64 text, got ${String(value)}`);
  return Buffer.from(value, "base64").toString("utf8");
}

/** Polls `probe` until it returns a value, or fails after `timeoutMs` naming what it waited for. */
export async function waitFor<T>(
  probe: () => T | undefined,
  what: string,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Process ids of this process's children running ffmpeg (zombies included). */
export function ffmpegChildren(): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid …: the command may hold spaces, so read after the last ")".
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (name === "ffmpeg" && parent === process.pid) children.push(Number(entry));
    } catch {
      // The process ended while being read.
    }
  }
  return children;
}

/** The inode numbers of the UDP sockets this process holds. */
export function udpSockets(): Set<string> {
  const udp = new Set(
    ["/proc/net/udp", "/proc/net/udp6"].flatMap((table) => {
      try {
        return readFileSync(table, "utf8")
          .split("\n")
          .slice(1)
          .map((line) => line.trim().split(/\s+/)[9])
          .filter((inode): inode is string => inode !== undefined);
      } catch {
        return [];
      }
    }),
  );
  const mine = new Set<string>();
  for (const fd of readdirSync("/proc/self/fd")) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`));
      if (match?.[1] && udp.has(match[1])) mine.add(match[1]);
    } catch {
      // The descriptor closed while being read.
    }
  }
  return mine;
}

/** The screen of the test's devices: a phone held upright, playing a game. */
export function screenSpec(instanceId: string): StreamScreenSpec {
  return {
    instanceId,
    instanceName: `device-${instanceId}`,
    source: "com.example.game",
    width: 720,
    height: 1280,
    fps: 30,
    density: 240,
  };
}
