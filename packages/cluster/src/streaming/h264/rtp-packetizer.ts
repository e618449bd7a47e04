/** Payloads of at most this many bytes: room for werift's header extensions and the SRTP tag. */
export const maxRtpPayload = 1_180;

/**
 * The RTP payloads of one NAL unit (RFC 6184, packetization mode 1): the unit itself when it
 * fits, else fragmentation units (FU-A) carrying it in pieces.
 */
export function packetizeNal(nal: Buffer, maxPayload = maxRtpPayload): Buffer[] {
  if (nal.length <= maxPayload) return [nal];
  const header = nal[0] ?? 0;
  const indicator = (header & 0xe0) | 28;
  const type = header & 0x1f;
  const body = nal.subarray(1);
  const pieces: Buffer[] = [];
  const pieceSize = maxPayload - 2;
  for (let start = 0; start < body.length; start += pieceSize) {
    const end = Math.min(start + pieceSize, body.length);
    const fuHeader = (start === 0 ? 0x80 : 0) | (end === body.length ? 0x40 : 0) | type;
    pieces.push(Buffer.concat([Buffer.from([indicator, fuHeader]), body.subarray(start, end)]));
  }
  return pieces;
}

/** The NAL units an RTP payload carries whole: itself, or each of an aggregation (STAP-A). */
export function wholeNalsOf(payload: Buffer): Buffer[] {
  const type = (payload[0] ?? 0) & 0x1f;
  if (type >= 1 && type <= 23) return [payload];
  if (type !== 24) return [];
  const nals: Buffer[] = [];
  for (let at = 1; at + 2 <= payload.length;) {
    const size = payload.readUInt16BE(at);
    nals.push(payload.subarray(at + 2, at + 2 + size));
    at += 2 + size;
  }
  return nals;
}
