import type { RtpPacket } from "werift";

// What the stream tests read in the video's RTP packets.

/** An H.264 packet that carries a sequence parameter set, which starts each keyframe (RFC 6184). */
export function startsKeyframe(packet: RtpPacket): boolean {
  const type = (packet.payload[0] ?? 0) & 0x1f;
  // A single NAL unit, or the first one in an aggregation packet (STAP-A: type 24).
  if (type === 7) return true;
  return type === 24 && ((packet.payload[3] ?? 0) & 0x1f) === 7;
}

/** The type of the NAL unit a packet carries whole or starts (FU-A: its header's type). */
export function nalTypeOf(packet: RtpPacket): number {
  const type = (packet.payload[0] ?? 0) & 0x1f;
  return type === 28 ? (packet.payload[1] ?? 0) & 0x1f : type;
}

/** The playout delay extension's payload: minimum and maximum zero. */
export const zeroPlayoutDelay = Buffer.from([0, 0, 0]);
