import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ffmpegPath } from "../../src/streaming/encoder-process.ts";
import { escapeRbsp, unescapeRbsp } from "../../src/streaming/h264/bit-writer.ts";
import { parsePps, parseSps } from "../../src/streaming/h264/parameter-sets.ts";
import { pcmSlice } from "../../src/streaming/h264/pcm-slice.ts";
import { packetizeNal, wholeNalsOf } from "../../src/streaming/h264/rtp-packetizer.ts";

const width = 64;
const height = 48;
const frameBytes = (width * height * 3) / 2;

/** Runs ffmpeg with `input` on stdin; resolves with its stdout. */
function ffmpeg(args: string[], input: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, ["-hide_banner", "-loglevel", "error", ...args], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    let errors = "";
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`ffmpeg ${String(code)}: ${errors}`));
    });
    child.stdin.end(input);
  });
}

/** The NAL units of an Annex B stream. */
function nalUnits(stream: Buffer): Buffer[] {
  const units: Buffer[] = [];
  let start = -1;
  for (let at = 0; at + 3 <= stream.length; at++) {
    if (stream[at] === 0 && stream[at + 1] === 0 && stream[at + 2] === 1) {
      if (start >= 0) units.push(stream.subarray(start, at - (stream[at - 1] === 0 ? 1 : 0)));
      start = at + 3;
      at += 2;
    }
  }
  if (start >= 0) units.push(stream.subarray(start));
  return units;
}

/** A frame of flat grey with a square of `value` at macroblock (x, y). */
function frameWithSquare(x: number, y: number, value: number): Buffer {
  const frame = Buffer.alloc(frameBytes, 128);
  for (let row = 0; row < 16; row++)
    frame.fill(value, (y * 16 + row) * width + x * 16, (y * 16 + row) * width + x * 16 + 16);
  return frame;
}

describe("H.264 P slices of PCM macroblocks", () => {
  it("decode, after x264's keyframe, to exactly the samples they carry, the rest repeated", async () => {
    const first = frameWithSquare(0, 0, 200);
    const second = frameWithSquare(2, 1, 30);
    const third = frameWithSquare(3, 2, 0); // 0 is sent as 1
    const keyframe = await ffmpeg(
      [
        ["-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", `${width}x${height}`, "-i", "pipe:0"],
        ["-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency"],
        ["-profile:v", "baseline", "-g", "1", "-qp", "10", "-f", "h264", "pipe:1"],
      ].flat(),
      first,
    );
    const units = nalUnits(keyframe);
    const sps = units.find((unit) => ((unit[0] ?? 0) & 0x1f) === 7);
    const pps = units.find((unit) => ((unit[0] ?? 0) & 0x1f) === 8);
    if (!sps || !pps) throw new Error("x264 wrote no parameter sets");
    const parameters = { ...parseSps(sps), ...parsePps(pps) };
    expect(parameters).toMatchObject({ widthInMbs: 4, heightInMbs: 3, picOrderCntType: 2 });

    // Frame 2: the old square's macroblock and the new one's; frame 3 likewise.
    const changed = (...mbs: number[]) => {
      const coded = new Uint8Array(12);
      for (const mb of mbs) coded[mb] = 1;
      return coded;
    };
    const slices = [
      pcmSlice({ data: second, width, height }, changed(0, 6), 1, parameters),
      pcmSlice({ data: third, width, height }, changed(6, 11), 2, parameters),
    ];
    const stream = Buffer.concat([
      keyframe,
      ...slices.flatMap((slice) => [Buffer.from([0, 0, 0, 1]), slice]),
    ]);
    const decoded = await ffmpeg(
      ["-f", "h264", "-i", "pipe:0", "-f", "rawvideo", "-pix_fmt", "yuv420p", "pipe:1"],
      stream,
    );
    expect(decoded.length).toBe(3 * frameBytes);
    expect(decoded.subarray(frameBytes, 2 * frameBytes).equals(second)).toBe(true);
    const expectedThird = Buffer.from(third);
    for (let index = 0; index < expectedThird.length; index++) {
      if (expectedThird[index] === 0) expectedThird[index] = 1;
    }
    expect(decoded.subarray(2 * frameBytes).equals(expectedThird)).toBe(true);
  });

  it("escapes start codes out of the payload and back", () => {
    const rbsp = Buffer.from([0, 0, 0, 1, 0, 0, 3, 0, 0, 2, 5]);
    const escaped = escapeRbsp(rbsp);
    expect([...escaped]).toEqual([0, 0, 3, 0, 1, 0, 0, 3, 3, 0, 0, 3, 2, 5]);
    expect(unescapeRbsp(escaped).equals(rbsp)).toBe(true);
  });

  it("sends a NAL unit whole when it fits, else in FU-A fragments that rebuild it", () => {
    const small = Buffer.from([0x41, 1, 2, 3]);
    expect(packetizeNal(small)).toEqual([small]);
    const large = Buffer.concat([Buffer.from([0x41]), Buffer.alloc(3000, 7)]);
    const pieces = packetizeNal(large, 1000);
    expect(pieces.length).toBe(4);
    expect(pieces.every((piece) => piece.length <= 1000 && ((piece[0] ?? 0) & 0x1f) === 28)).toBe(
      true,
    );
    expect((pieces[0]?.[1] ?? 0) & 0xc0).toBe(0x80);
    expect((pieces.at(-1)?.[1] ?? 0) & 0xc0).toBe(0x40);
    const rebuilt = Buffer.concat([
      Buffer.from([((pieces[0]?.[0] ?? 0) & 0xe0) | ((pieces[0]?.[1] ?? 0) & 0x1f)]),
      ...pieces.map((piece) => piece.subarray(2)),
    ]);
    expect(rebuilt.equals(large)).toBe(true);
    expect(wholeNalsOf(small)).toEqual([small]);
    const aggregate = Buffer.from([24, 0, 2, 0x67, 9, 0, 1, 0x68]);
    expect(wholeNalsOf(aggregate).map((nal) => [...nal])).toEqual([[0x67, 9], [0x68]]);
  });
});
