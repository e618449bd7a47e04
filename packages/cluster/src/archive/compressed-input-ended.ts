/** The compressed input of a tarball ended in the middle of its stream (a truncated upload). */
export class CompressedInputEnded extends Error {
  constructor() {
    super("the compressed data ends too early");
    this.name = "CompressedInputEnded";
  }
}
