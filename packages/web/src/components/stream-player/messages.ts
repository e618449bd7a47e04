// The JSON messages of the signaling websocket (reference 4.3) and of the `control` data channel
// (reference 4.4), read defensively: they come from another process.

/** What the server sends over the signaling websocket and the client reads. */
export type SignalingMessage =
  | { type: "resp:discover"; maxApiVersion: number | undefined }
  | { type: "offer"; sdp: string }
  | { type: "candidate"; candidate: string; sdpMid: string | null; sdpMLineIndex: number | null }
  | { type: "error"; message: string }
  | { type: "other"; name: string };

/** A message on the `control` data channel: `{"type": "...", "data": {...}}`. */
export interface ControlMessage {
  type: string;
  data: unknown;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

const stringOr = <T>(value: unknown, fallback: T): string | T =>
  typeof value === "string" ? value : fallback;
const numberOr = <T>(value: unknown, fallback: T): number | T =>
  typeof value === "number" && Number.isFinite(value) ? value : fallback;

/** The signaling message in `text`, or undefined for what is not one (it is then ignored). */
export function parseSignalingMessage(text: string): SignalingMessage | undefined {
  const message = parseObject(text);
  const type = message?.type;
  if (message === undefined || typeof type !== "string") return undefined;
  switch (type) {
    case "resp:discover":
      return { type, maxApiVersion: numberOr(message.max_api_version, undefined) };
    case "offer": {
      const sdp = stringOr(message.sdp, undefined);
      return sdp === undefined ? undefined : { type, sdp };
    }
    case "candidate": {
      const candidate = stringOr(message.candidate, undefined);
      if (candidate === undefined) return undefined;
      return {
        type,
        candidate,
        sdpMid: stringOr(message.sdpMid, null),
        sdpMLineIndex: numberOr(message.sdpMLineIndex, null),
      };
    }
    case "error":
      return { type, message: stringOr(message.message, "The stream server reported an error.") };
    default:
      return { type: "other", name: type };
  }
}

/** The control message in `text`, or undefined for what is not one. */
export function parseControlMessage(text: string): ControlMessage | undefined {
  const message = parseObject(text);
  if (message === undefined || typeof message.type !== "string") return undefined;
  return { type: message.type, data: message.data };
}
