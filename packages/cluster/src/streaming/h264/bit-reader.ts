/** Reads the bits of an RBSP: fixed-length fields and Exp-Golomb codes. */
export class BitReader {
  private readonly data: Uint8Array;
  private position = 0;

  constructor(data: Uint8Array) {
    this.data = data;
  }

  u(bits: number): number {
    let value = 0;
    for (let index = 0; index < bits; index++) {
      const byte = this.data[this.position >> 3];
      if (byte === undefined) throw new Error("read past the end of the parameter set");
      value = (value << 1) | ((byte >> (7 - (this.position & 7))) & 1);
      this.position++;
    }
    return value >>> 0;
  }

  ue(): number {
    let zeros = 0;
    while (this.u(1) === 0) {
      zeros++;
      if (zeros > 31) throw new Error("malformed Exp-Golomb code");
    }
    return (2 ** zeros - 1 + this.u(zeros)) >>> 0;
  }

  se(): number {
    const codeNum = this.ue();
    return codeNum % 2 === 1 ? (codeNum + 1) / 2 : -(codeNum / 2);
  }
}
