import { z } from "zod";

// A viewer's stream quality (issue 39): a ceiling on its bitrate and the size of its picture,
// changed while it plays, without reconnecting. Each viewer's stream is its own (its own
// encoding), so a watcher sets its own too. This project's `stream::quality` control message.

/** The picture's size as a share of the device's screen. */
export const streamScales = [1, 0.75, 0.5] as const;
export type StreamScale = (typeof streamScales)[number];

/** The lowest and highest ceilings a viewer may set, in kbit/s. */
export const streamKbpsRange = { min: 100, max: 20_000 } as const;

/** `stream::quality`, viewer → device: what the viewer asks for. */
export const streamQualitySchema = z.strictObject({
  /** The most the stream sends, in kbit/s; null for no ceiling beyond the device's network. */
  max_kbps: z.number().int().min(streamKbpsRange.min).max(streamKbpsRange.max).nullable(),
  scale: z.literal(streamScales, { message: `must be one of ${streamScales.join(", ")}` }),
});
export type StreamQuality = z.infer<typeof streamQualitySchema>;

/** `stream::quality`, device → viewer: what its stream now is (the picture's size in pixels). */
export const streamQualityAppliedSchema = z.object({
  max_kbps: z.number().nullable(),
  scale: z.number(),
  width: z.number(),
  height: z.number(),
});
export type StreamQualityApplied = z.infer<typeof streamQualityAppliedSchema>;

/** A screen's side at a scale, even (frames are yuv420p), at least 64 pixels. */
export function scaledSide(side: number, scale: number): number {
  const scaled = Math.max(64, Math.round(side * scale));
  return scaled - (scaled % 2);
}
