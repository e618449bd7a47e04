import { RTCRtpHeaderExtensionParameters, type RTCRtpTransceiver } from "werift";

/**
 * The playout delay RTP header extension (webrtc.org experiments): the sender tells the receiver
 * the least and the most it may hold frames before showing them. A screen streamed for touch
 * wants them shown as soon as they are decoded: minimum and maximum zero switch Chromium to its
 * low-latency rendering (no jitter buffer smoothing, no render-time scheduling), as cloud gaming
 * services do. Receivers that do not know it ignore it.
 */
export const playoutDelayUri = "http://www.webrtc.org/experiments/rtp-hdrext/playout-delay";

/** What the peer offers (API v2) or accepts (API v1) on its video sections. */
export function playoutDelayExtension(): RTCRtpHeaderExtensionParameters {
  return new RTCRtpHeaderExtensionParameters({ uri: playoutDelayUri });
}

/** The id the extension was negotiated with on this transceiver, if the client took it. */
export function negotiatedPlayoutDelayId(transceiver: RTCRtpTransceiver): number | undefined {
  return transceiver.headerExtensions.find((extension) => extension.uri === playoutDelayUri)?.id;
}

const rtpHeaderBytes = 12;
const extensionBit = 0x10;

/**
 * The packet with a one-byte-header extension block (RFC 8285) that carries the playout delay
 * "minimum 0, maximum 0" (two 12-bit counts of 10 ms, zero), under the negotiated id. A packet
 * that already carries extensions is returned as it is (the encoder writes none).
 */
export function withZeroPlayoutDelay(packet: Buffer, id: number): Buffer {
  const first = packet[0] ?? 0;
  if ((first & extensionBit) !== 0) return packet;
  const headerBytes = rtpHeaderBytes + 4 * (first & 0x0f);
  if (packet.length < headerBytes) return packet;
  const result = Buffer.allocUnsafe(packet.length + 8);
  packet.copy(result, 0, 0, headerBytes);
  result[0] = first | extensionBit;
  // "BEDE", one 32-bit word of elements: id and length - 1 (3 bytes), then the three bytes.
  result.set([0xbe, 0xde, 0x00, 0x01, (id << 4) | 2, 0, 0, 0], headerBytes);
  packet.copy(result, headerBytes + 8, headerBytes);
  return result;
}
