import { spawn } from "node:child_process";
import { ffmpegPath } from "./encoder-process.ts";
import { opusPacketsOfOgg } from "./ogg-opus.ts";

/**
 * What a virtual device plays: a click for each touch, a tone for Home and for Back, a short beep
 * when the volume changes. Silence otherwise. A real Android device has a mixer; this one plays
 * one sound at a time, a new one cutting the last short, which is what these short sounds need.
 */
export type DeviceSoundName = "touch" | "home" | "back" | "volume";

/** Each sound, encoded: the Opus packets of 20 ms frames that carry it, in order. */
export interface DeviceSounds {
  /** One frame of silence, sent whenever no sound plays (so the stream never stops). */
  silence: Buffer;
  clips: Record<DeviceSoundName, Buffer[]>;
}

export const sampleRate = 48_000;
/** Samples per channel in one 20 ms frame, and so the RTP timestamp step (RFC 7587: 48 kHz). */
export const frameSamples = 960;
const channels = 2;

interface Tone {
  /** Hertz; a click mixes in noise. */
  frequency: number;
  durationMs: number;
  /** Peak amplitude, 0–1. */
  volume: number;
  /** How the sound fades: "decay" for a struck click, "soft" for a tone's gentle start and end. */
  envelope: "decay" | "soft";
}

const tones: Record<DeviceSoundName, Tone> = {
  touch: { frequency: 1_800, durationMs: 25, volume: 0.5, envelope: "decay" },
  home: { frequency: 880, durationMs: 160, volume: 0.4, envelope: "soft" },
  back: { frequency: 660, durationMs: 160, volume: 0.4, envelope: "soft" },
  volume: { frequency: 1_320, durationMs: 70, volume: 0.3, envelope: "soft" },
};

/**
 * The sound as 16-bit stereo PCM at 48 kHz, padded with silence to whole frames and two more, so
 * that the encoder's delay (its look-ahead) does not cut the end off.
 */
export function synthesize(tone: Tone): Buffer {
  const soundSamples = Math.round((tone.durationMs / 1000) * sampleRate);
  const frames = Math.ceil(soundSamples / frameSamples) + 2;
  const pcm = Buffer.alloc(frames * frameSamples * channels * 2);
  // A fixed seed: the same click every time, and tests that can count on it.
  let noise = 0x2545f491;
  for (let index = 0; index < soundSamples; index++) {
    const progress = index / soundSamples;
    const envelope =
      tone.envelope === "decay"
        ? Math.exp(-6 * progress)
        : Math.min(1, progress * 10, (1 - progress) * 10);
    noise = (noise * 1_103_515_245 + 12_345) >>> 0;
    const hiss = tone.envelope === "decay" ? (noise / 0xffffffff - 0.5) * 0.6 : 0;
    const wave = Math.sin((2 * Math.PI * tone.frequency * index) / sampleRate) + hiss;
    const value = Math.round(Math.max(-1, Math.min(1, wave * envelope * tone.volume)) * 32_767);
    for (let channel = 0; channel < channels; channel++) {
      pcm.writeInt16LE(value, (index * channels + channel) * 2);
    }
  }
  return pcm;
}

/** PCM through libopus (low-delay mode, 20 ms frames) into Opus packets, one per frame. */
export async function encodeOpus(pcm: Buffer): Promise<Buffer[]> {
  const child = spawn(
    ffmpegPath,
    [
      ["-hide_banner", "-loglevel", "error"],
      ["-f", "s16le", "-ar", String(sampleRate), "-ac", String(channels), "-i", "pipe:0"],
      ["-c:a", "libopus", "-application", "lowdelay", "-frame_duration", "20", "-b:a", "64k"],
      ["-f", "ogg", "pipe:1"],
    ].flat(),
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  const output: Buffer[] = [];
  let errors = "";
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => {
    errors = (errors + chunk).slice(-1_000);
  });
  child.stdin.on("error", () => undefined);
  child.stdin.end(pcm);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (code !== 0)
    throw new Error(`ffmpeg could not encode Opus (${String(code)}): ${errors.trim()}`);
  return opusPacketsOfOgg(Buffer.concat(output));
}

let encoded: Promise<DeviceSounds> | undefined;

/**
 * The device's sounds, encoded once per process on first use (a few tens of milliseconds of
 * ffmpeg) and shared by every stream: a stream's sound then costs no encoder of its own.
 */
export function deviceSounds(): Promise<DeviceSounds> {
  encoded ??= encodeAll().catch((error: unknown) => {
    encoded = undefined;
    throw error;
  });
  return encoded;
}

async function encodeAll(): Promise<DeviceSounds> {
  const names = Object.keys(tones) as DeviceSoundName[];
  const [silent, ...sounds] = await Promise.all([
    // Steady silence: the last of a few frames, once the encoder has settled.
    encodeOpus(Buffer.alloc(4 * frameSamples * channels * 2)),
    ...names.map((name) => encodeOpus(synthesize(tones[name]))),
  ]);
  const silence = silent.at(-1);
  if (!silence) throw new Error("ffmpeg encoded no frame of silence");
  const clips = Object.fromEntries(
    names.map((name, index) => [name, sounds[index] ?? []]),
  ) as Record<DeviceSoundName, Buffer[]>;
  return { silence, clips };
}
