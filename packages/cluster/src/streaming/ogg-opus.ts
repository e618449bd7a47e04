/**
 * The Opus packets of an Ogg Opus file (RFC 7845), in order, without its two header packets
 * (OpusHead, OpusTags). Each is what one RTP packet carries (RFC 7587). Pages are read by their
 * segment tables: a packet ends at the first lacing value under 255 and may go on over pages.
 */
export function opusPacketsOfOgg(file: Buffer): Buffer[] {
  const packets: Buffer[] = [];
  let pending: Buffer[] = [];
  let offset = 0;
  while (offset < file.length) {
    if (file.toString("latin1", offset, offset + 4) !== "OggS" || offset + 27 > file.length) {
      throw new Error(`not an Ogg page at byte ${offset}`);
    }
    const segments = file.readUInt8(offset + 26);
    const table = file.subarray(offset + 27, offset + 27 + segments);
    if (table.length < segments) throw new Error(`truncated Ogg page at byte ${offset}`);
    let body = offset + 27 + segments;
    let packetStart = body;
    for (const lacing of table) {
      body += lacing;
      if (lacing < 255) {
        pending.push(file.subarray(packetStart, body));
        packets.push(Buffer.concat(pending));
        pending = [];
        packetStart = body;
      }
    }
    if (body > file.length) throw new Error(`truncated Ogg page at byte ${offset}`);
    if (packetStart < body) pending.push(file.subarray(packetStart, body));
    offset = body;
  }
  const [head, tags, ...audio] = packets;
  if (
    head?.toString("latin1", 0, 8) !== "OpusHead" ||
    tags?.toString("latin1", 0, 8) !== "OpusTags"
  ) {
    throw new Error("not an Ogg Opus stream (no OpusHead and OpusTags)");
  }
  return audio;
}
