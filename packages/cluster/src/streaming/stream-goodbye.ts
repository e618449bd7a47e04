/** Why the gateway ends a stream: another client took it, or its session (or view) ended. */
export type CloseReason = "taken-over" | "session-ended";

/** What a viewer is told as its stream ends: the control message's type and its words. */
export interface Goodbye {
  type: "stream::taken-over" | "stream::ended";
  message: string;
}

/** The goodbye for `reason`, in `message` or words an SDK page can show as they are. */
export function goodbyeOf(reason: CloseReason, message: string | undefined): Goodbye {
  return reason === "taken-over"
    ? { type: "stream::taken-over", message: message ?? "Another client took over this stream" }
    : { type: "stream::ended", message: message ?? "The session has ended" };
}
