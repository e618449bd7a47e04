import { createSocket, type RemoteInfo, type Socket } from "node:dgram";
import { negotiatedPlayoutDelayId, withZeroPlayoutDelay } from "./playout-delay.ts";
import type { SendingTrack } from "./stream-peer.ts";
import { endsFrame } from "./rtp-marker.ts";

/**
 * Carries the encoder's RTP from a loopback UDP port into a werift track, which re-stamps SSRC,
 * payload type, sequence numbers and timestamps for the negotiated stream and encrypts it (and
 * keeps the header extensions a packet carries: the playout delay is added here). Given a
 * `deliver` function, the relay hands it the encoder's packets instead (h264-screen-stream.ts
 * numbers and sends them with its own).
 */
export class RtpRelay {
  private readonly socket: Socket;
  private readonly sending: SendingTrack;
  /** Runs as the last packet of each frame is handed on (the RTP marker bit). */
  private readonly onFrameSent: () => void;
  /** The playout delay extension's negotiated id (playout-delay.ts), when the client took it. */
  private readonly playoutDelayId: number | undefined;
  /** The encoder's source port, learnt from its first packet; strays from elsewhere are dropped. */
  private source: number | undefined;
  /** The last encoder's port: its packets still queued when a new one starts are not its. */
  private retired: number | undefined;
  /** Set when a new encoder starts: werift must re-base its numbering on the new stream. */
  private newSource = false;
  private readonly deliver: ((packet: Buffer) => void) | undefined;
  packetsForwarded = 0;

  private constructor(
    socket: Socket,
    sending: SendingTrack,
    onFrameSent: () => void,
    deliver: ((packet: Buffer) => void) | undefined,
  ) {
    this.socket = socket;
    this.deliver = deliver;
    this.sending = sending;
    this.playoutDelayId = negotiatedPlayoutDelayId(sending.transceiver);
    this.onFrameSent = onFrameSent;
    socket.on("message", (packet, from) => {
      this.forward(packet, from);
    });
  }

  /** Opens a relay on a free loopback port. */
  static async open(
    sending: SendingTrack,
    onFrameSent: () => void,
    deliver?: (packet: Buffer) => void,
  ): Promise<RtpRelay> {
    const socket = createSocket("udp4");
    await new Promise<void>((resolve, reject) => {
      socket.once("error", reject);
      socket.bind(0, "127.0.0.1", () => {
        socket.off("error", reject);
        resolve();
      });
    });
    // A datagram socket's errors (an ICMP unreachable after a send) must not crash the cluster.
    socket.on("error", () => undefined);
    return new RtpRelay(socket, sending, onFrameSent, deliver);
  }

  get port(): number {
    return this.socket.address().port;
  }

  /** The next packets come from a new encoder (a restart), with numbering of their own. */
  expectNewSource(): void {
    this.retired = this.source ?? this.retired;
    this.source = undefined;
    this.newSource = this.packetsForwarded > 0;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.socket.close(() => {
        resolve();
      });
    });
  }

  private forward(packet: Buffer, from: RemoteInfo): void {
    if (from.address !== "127.0.0.1" || !isRtp(packet) || from.port === this.retired) return;
    this.source ??= from.port;
    if (from.port !== this.source) return;
    if (this.deliver) {
      this.deliver(packet);
      return;
    }
    if (this.newSource) {
      this.newSource = false;
      this.sending.sourceChanged();
    }
    this.sending.write(
      this.playoutDelayId === undefined
        ? packet
        : withZeroPlayoutDelay(packet, this.playoutDelayId),
    );
    this.packetsForwarded++;
    if (endsFrame(packet)) this.onFrameSent();
  }
}

/**
 * An RTP packet (version 2, at least a header) that is not RTCP. RTCP packet types 200–204 share
 * the second byte's position with RTP's marker bit and payload type (RFC 5761 section 4).
 */
export function isRtp(packet: Buffer): boolean {
  if (packet.length < 12 || packet[0] === undefined || packet[1] === undefined) return false;
  if (packet[0] >> 6 !== 2) return false;
  const payloadType = packet[1] & 0x7f;
  return payloadType < 72 || payloadType > 76;
}
