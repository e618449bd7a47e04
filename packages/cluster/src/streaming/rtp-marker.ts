/** The RTP marker bit: for video, the last packet of a frame (RFC 6184, RFC 7741). */
export function endsFrame(packet: Buffer): boolean {
  return ((packet[1] ?? 0) & 0x80) !== 0;
}
