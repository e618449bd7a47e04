import { describe, expect, it } from "vitest";
import { deviceSounds, frameSamples, synthesize } from "../../src/streaming/device-sounds.ts";
import { opusPacketsOfOgg } from "../../src/streaming/ogg-opus.ts";

/** One Ogg page holding `segments` (lacing values) of `body`; only the fields the reader uses. */
function oggPage(lacing: number[], body: Buffer): Buffer {
  const header = Buffer.alloc(27);
  header.write("OggS", 0, "latin1");
  header.writeUInt8(lacing.length, 26);
  return Buffer.concat([header, Buffer.from(lacing), body]);
}

describe("opusPacketsOfOgg", () => {
  it("reads packets across lacing values and pages, without the two headers", () => {
    const head = Buffer.from("OpusHead-rest");
    const tags = Buffer.from("OpusTags");
    const long = Buffer.alloc(300, 7); // 255 + 45: two lacing values, over two pages.
    const short = Buffer.from([1, 2, 3]);
    const file = Buffer.concat([
      oggPage([head.length], head),
      oggPage([tags.length, 255], Buffer.concat([tags, long.subarray(0, 255)])),
      oggPage([45, short.length], Buffer.concat([long.subarray(255), short])),
    ]);
    expect(opusPacketsOfOgg(file)).toEqual([long, short]);
  });

  it("refuses what is not an Ogg Opus stream", () => {
    expect(() => opusPacketsOfOgg(Buffer.from("RIFF...."))).toThrow(/not an Ogg page/);
    const vorbis = oggPage([6], Buffer.from("vorbis"));
    expect(() => opusPacketsOfOgg(Buffer.concat([vorbis, vorbis]))).toThrow(/OpusHead/);
    expect(() => opusPacketsOfOgg(oggPage([200], Buffer.alloc(10)))).toThrow(/truncated/);
  });
});

describe("device sounds", () => {
  it("synthesizes whole 20 ms frames of stereo PCM, silent after the sound", () => {
    const pcm = synthesize({ frequency: 880, durationMs: 50, volume: 0.5, envelope: "soft" });
    const frameBytes = frameSamples * 2 * 2;
    expect(pcm.length % frameBytes).toBe(0);
    expect(pcm.length / frameBytes).toBe(3 + 2);
    const peak = (from: number, to: number) => {
      let highest = 0;
      for (let at = from; at < to; at += 2)
        highest = Math.max(highest, Math.abs(pcm.readInt16LE(at)));
      return highest;
    };
    expect(peak(0, frameBytes * 2)).toBeGreaterThan(0.4 * 32_767);
    expect(peak(frameBytes * 3, pcm.length)).toBe(0);
  });

  it("encodes each sound as Opus frames, louder than the silence between them", async () => {
    const sounds = await deviceSounds();
    expect(sounds.silence.length).toBeLessThan(20);
    const loudFrames = (packets: Buffer[]) =>
      packets.filter((packet) => packet.length > 4 * sounds.silence.length).length;
    expect(loudFrames(sounds.clips.touch)).toBeGreaterThanOrEqual(1);
    expect(loudFrames(sounds.clips.home)).toBeGreaterThanOrEqual(8);
    expect(loudFrames(sounds.clips.back)).toBeGreaterThanOrEqual(8);
    expect(loudFrames(sounds.clips.volume)).toBeGreaterThanOrEqual(3);
    // Encoded once: a second call shares the first's result.
    expect(await deviceSounds()).toBe(sounds);
  });
});
