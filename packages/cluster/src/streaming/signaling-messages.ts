import type { RawData } from "ws";
import { z } from "zod";

/**
 * The highest signaling API version this device speaks (reference 4.3). Version 2: the device
 * makes the offer; version 1: the client does, and the device answers.
 */
export const maxApiVersion = 2;
/** The SDK allows at most five out-of-band data channels besides `control`. */
const maxDataChannels = 5;

/** A client's signaling message, read and checked. */
export type SignalingRequest =
  | { type: "discover" }
  | {
      type: "settings";
      apiVersion: number;
      dataChannels: string[];
      enableVideo: boolean;
      /** Whether the client plays the device's sound (API v2; in v1 its offer says so). */
      enableSpeaker: boolean;
      preferredCodecs: string[];
    }
  | { type: "answer"; sdp: string }
  /** The client's offer (API v1). */
  | { type: "offer"; sdp: string }
  | {
      type: "candidate";
      /** The candidate line ("candidate:…"), decoded; empty for end-of-candidates. */
      candidate: string;
      sdpMid: string | undefined;
      sdpMLineIndex: number | undefined;
    };

export type ParsedSignalingMessage =
  { ok: true; message: SignalingRequest } | { ok: false; error: string };

const base64 = z
  .string({ message: "expected a base64 string" })
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, "expected a base64 string");

const settings = z.object({
  api_version: z.number({ message: "expected a number" }).int("expected a whole number").min(1),
  data_channels: z
    .array(z.string().min(1).max(64), { message: "expected a list of channel names" })
    .max(maxDataChannels, `at most ${maxDataChannels} data channels`)
    .optional(),
  enable_video: z.boolean({ message: "expected true or false" }).optional(),
  enable_speaker: z.boolean().optional(),
  enable_microphone: z.boolean().optional(),
  enable_camera: z.boolean().optional(),
  device_type: z.string().optional(),
  foreground_activity: z.string().optional(),
  video: z
    .object({
      preferred_decoder_codecs: z
        .array(z.string(), { message: "expected a list of codec names" })
        .max(8)
        .optional(),
    })
    .optional(),
});

const description = z.object({ sdp: base64.min(1, "the SDP is empty") });

const candidate = z.object({
  candidate: base64,
  sdpMid: z.string().nullish(),
  sdpMLineIndex: z.number().int().min(0).nullish(),
});

/**
 * Reads one signaling message of a client (reference 4.3): `discover`, `settings`, `answer` (API
 * v2), `offer` (API v1) and `candidate`. SDP and candidates travel base64-encoded and come back decoded.
 * Anything else is refused with a message that says what is wrong.
 */
export function parseSignalingMessage(text: string): ParsedSignalingMessage {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: "signaling messages are JSON" };
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    return { ok: false, error: "a signaling message is a JSON object" };
  }
  const type: unknown = (json as Record<string, unknown>).type;
  if (typeof type !== "string") return { ok: false, error: "type: expected a message type" };
  switch (type) {
    case "discover":
      return { ok: true, message: { type } };
    case "settings": {
      const parsed = settings.safeParse(json);
      if (!parsed.success) return refuse(type, parsed.error);
      const value = parsed.data;
      if (value.api_version > maxApiVersion) {
        return {
          ok: false,
          error: `settings: api_version ${value.api_version} is not supported (at most ${maxApiVersion})`,
        };
      }
      return {
        ok: true,
        message: {
          type,
          apiVersion: value.api_version,
          dataChannels: value.data_channels ?? [],
          enableVideo: value.enable_video ?? true,
          enableSpeaker: value.enable_speaker ?? false,
          preferredCodecs: value.video?.preferred_decoder_codecs ?? [],
        },
      };
    }
    case "answer":
    case "offer": {
      const parsed = description.safeParse(json);
      if (!parsed.success) return refuse(type, parsed.error);
      const sdp = Buffer.from(parsed.data.sdp, "base64").toString("utf8");
      if (!sdp.startsWith("v=0")) {
        return { ok: false, error: `${type}: sdp does not decode to a session description` };
      }
      // The client's `control` channel is made before its offer: an offer without a data section
      // is not a streaming client's, and would leave a peer with nothing to carry.
      if (type === "offer" && !sdp.includes("\nm=application ")) {
        return {
          ok: false,
          error: "offer: the offer has no data channel (the SDK's control channel)",
        };
      }
      return { ok: true, message: { type, sdp } };
    }
    case "candidate": {
      const parsed = candidate.safeParse(json);
      if (!parsed.success) return refuse(type, parsed.error);
      const line = Buffer.from(parsed.data.candidate, "base64").toString("utf8");
      if (line !== "" && !/^(a=)?candidate:/.test(line)) {
        return { ok: false, error: "candidate: does not decode to an ICE candidate" };
      }
      return {
        ok: true,
        message: {
          type,
          candidate: line.replace(/^a=/, ""),
          sdpMid: parsed.data.sdpMid ?? undefined,
          sdpMLineIndex: parsed.data.sdpMLineIndex ?? undefined,
        },
      };
    }
    default:
      return { ok: false, error: `unknown message type "${type}"` };
  }
}

function refuse(type: string, error: z.ZodError): ParsedSignalingMessage {
  const problems = error.issues.map((issue) => {
    const path = issue.path.map(String).join(".");
    return path === "" ? issue.message : `${path}: ${issue.message}`;
  });
  return { ok: false, error: `${type}: ${problems.join("; ")}` };
}

/** The server's messages, exactly as the SDK reads them. */
export const serverMessages = {
  discovered: (fps: number) => ({
    type: "resp:discover",
    max_api_version: maxApiVersion,
    fps,
    capabilities: [] as string[],
  }),
  offer: (sdp: string) => ({ type: "offer", sdp: Buffer.from(sdp, "utf8").toString("base64") }),
  answer: (sdp: string) => ({ type: "answer", sdp: Buffer.from(sdp, "utf8").toString("base64") }),
  candidate: (line: string, sdpMid: string | undefined, sdpMLineIndex: number | undefined) => ({
    type: "candidate",
    candidate: Buffer.from(line, "utf8").toString("base64"),
    sdpMid: sdpMid ?? null,
    sdpMLineIndex: sdpMLineIndex ?? null,
  }),
  error: (message: string) => ({ type: "error", message }),
};

/** A websocket message's text, whichever way `ws` handed over its bytes. */
export function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString("utf8");
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data).toString("utf8");
}
