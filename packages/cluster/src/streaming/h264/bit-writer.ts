/**
 * Writes the bits of an H.264 RBSP (ITU-T H.264 section 7.2): fixed-length fields, Exp-Golomb
 * codes, and whole bytes once aligned (PCM samples are copied, not written bit by bit).
 */
export class BitWriter {
  private buffer: Buffer;
  private length = 0;
  private current = 0;
  private pending = 0;

  constructor(capacity = 256) {
    this.buffer = Buffer.alloc(capacity);
  }

  /** `bits` bits of `value`, most significant first (u(n); at most 24 bits at a time). */
  u(value: number, bits: number): void {
    for (let bit = bits - 1; bit >= 0; bit--) {
      this.current = (this.current << 1) | ((value >>> bit) & 1);
      this.pending++;
      if (this.pending === 8) this.flushByte();
    }
  }

  /** Unsigned Exp-Golomb (ue(v)). */
  ue(value: number): void {
    const codeNum = value + 1;
    const bits = 32 - Math.clz32(codeNum);
    this.u(0, bits - 1);
    this.u(codeNum, bits);
  }

  /** Signed Exp-Golomb (se(v)). */
  se(value: number): void {
    this.ue(value <= 0 ? -2 * value : 2 * value - 1);
  }

  /** Zero bits up to the next byte boundary (pcm_alignment_zero_bit). */
  alignWithZeros(): void {
    while (this.pending !== 0) this.u(0, 1);
  }

  /** Whole bytes; the writer must be aligned. */
  bytes(source: Uint8Array): void {
    if (this.pending !== 0) throw new Error("BitWriter.bytes needs byte alignment");
    this.reserve(source.length);
    this.buffer.set(source, this.length);
    this.length += source.length;
  }

  /** rbsp_trailing_bits: a one, then zeros to the byte boundary. Returns the RBSP. */
  finish(): Buffer {
    this.u(1, 1);
    this.alignWithZeros();
    return this.buffer.subarray(0, this.length);
  }

  private flushByte(): void {
    this.reserve(1);
    this.buffer[this.length++] = this.current;
    this.current = 0;
    this.pending = 0;
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = Buffer.alloc(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }
}

/**
 * The NAL unit's payload from its RBSP: an emulation prevention byte (0x03) after any two zero
 * bytes that a byte of 0–3 follows, so that no start code appears inside (section 7.4.1).
 */
export function escapeRbsp(rbsp: Uint8Array): Buffer {
  const out = Buffer.alloc(rbsp.length + Math.ceil(rbsp.length / 2) + 1);
  let length = 0;
  let zeros = 0;
  for (const byte of rbsp) {
    if (zeros >= 2 && byte <= 3) {
      out[length++] = 3;
      zeros = 0;
    }
    out[length++] = byte;
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return out.subarray(0, length);
}

/** Removes emulation prevention bytes: the RBSP of a NAL unit's payload. */
export function unescapeRbsp(payload: Uint8Array): Buffer {
  const out = Buffer.alloc(payload.length);
  let length = 0;
  let zeros = 0;
  for (const byte of payload) {
    if (zeros >= 2 && byte === 3) {
      zeros = 0;
      continue;
    }
    out[length++] = byte;
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return out.subarray(0, length);
}
