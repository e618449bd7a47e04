import { randomBytes } from "node:crypto";

// AMS ids are 20-character xid-like strings (base32hex, lower case): e.g. "cilsreunfpfec9b1ktg0".
const alphabet = "0123456789abcdefghijklmnopqrstuv";
let counter = randomBytes(3).readUIntBE(0, 3);
const machine = randomBytes(5);

/**
 * A new 20-character id: 4 bytes of time, 5 random bytes fixed per process and a 3-byte counter,
 * base32hex encoded like xid, so ids sort by creation time.
 */
export function newId(now: number = Date.now()): string {
  const bytes = Buffer.alloc(12);
  bytes.writeUInt32BE(Math.floor(now / 1000) >>> 0, 0);
  machine.copy(bytes, 4);
  counter = (counter + 1) % 0x1000000;
  bytes.writeUIntBE(counter, 9, 3);
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet.charAt((value >>> (bits - 5)) & 31);
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet.charAt((value << (5 - bits)) & 31);
  return out;
}

export const idPattern = /^[0-9a-v]{20}$/;
