import type { WebSocket } from "ws";
import { KeyedLock } from "../instances/keyed-lock.ts";
import type { ServeSignaling, StreamHandle, StreamScreenSpec } from "./signaling.ts";

/** Close code for a signaling socket whose session ended before its stream could start. */
export const sessionEndedCloseCode = 4410;
/** A stream that does not finish closing in this time is let go: the next viewer must not wait. */
const closeTimeoutMs = 5_000;

interface LiveStream {
  handle: StreamHandle;
  /** The share link the viewer came through, if any. */
  shareId: string | undefined;
  /** Closed by the gateway (a takeover, the session's end): not the client leaving. */
  closedHere: boolean;
  /** Closed because its session ended: nothing of the session is kept once it is gone. */
  sessionEnded: boolean;
}

export interface AttachOptions {
  shareId: string | undefined;
  /** Asked once the previous viewer is gone: false when the session ended meanwhile. */
  stillLive: () => Promise<boolean>;
}

/**
 * The one live stream of each session. A new viewer takes over: the previous stream is closed
 * (`taken-over`), which stops its encoder at once, while the new one starts; the new viewer does not
 * wait for the previous one to be told (up to a second when that viewer has gone without a word, as
 * a reloaded page has). When the session ends, its stream is closed (`session-ended`). Work on one
 * session is serialised, so a takeover and an end cannot interleave.
 */
export class SessionStreams {
  private readonly serve: ServeSignaling;
  private readonly streams = new Map<string, LiveStream>();
  private readonly lock = new KeyedLock();
  private readonly onClientLeft: (sessionId: string) => void;
  /**
   * When each live session's last stream ended (its idle time runs from then); a session's entry
   * goes when the session ends, so the map holds no more than the sessions alive.
   */
  private readonly leftAt = new Map<string, number>();

  /** `onClientLeft`: a stream ended because its client left (not taken over, not ended here). */
  constructor(serve: ServeSignaling, onClientLeft: (sessionId: string) => void = () => undefined) {
    this.serve = serve;
    this.onClientLeft = onClientLeft;
  }

  /**
   * Hands the signaling socket to the media side, closing the session's previous stream first.
   * Says what became of it: the socket may have closed, or the session ended, meanwhile.
   */
  attach(
    sessionId: string,
    socket: WebSocket,
    screen: StreamScreenSpec,
    options: AttachOptions,
  ): Promise<"attached" | "socket-closed" | "session-ended"> {
    return this.lock.run(sessionId, async () => {
      const previous = this.streams.get(sessionId);
      if (previous) void this.take(sessionId, previous, "taken-over");
      if (socket.readyState !== socket.OPEN) return "socket-closed";
      if (!(await options.stillLive())) return "session-ended";
      const stream: LiveStream = {
        handle: this.serve(socket, screen, { throughShare: options.shareId !== undefined }),
        shareId: options.shareId,
        closedHere: false,
        sessionEnded: false,
      };
      this.streams.set(sessionId, stream);
      const forget = (): void => {
        if (this.streams.get(sessionId) === stream) this.streams.delete(sessionId);
        if (!stream.sessionEnded) this.leftAt.set(sessionId, Date.now());
        if (!stream.closedHere) this.onClientLeft(sessionId);
      };
      stream.handle.closed.then(forget, forget);
      return "attached";
    });
  }

  /** Closes the session's stream, if it has one, because the session ended (`message`: why). */
  end(sessionId: string, message?: string): Promise<void> {
    return this.lock.run(sessionId, async () => {
      this.leftAt.delete(sessionId);
      const stream = this.streams.get(sessionId);
      if (!stream) return;
      // Its close may settle after this (a stream slow to close is let go): not to be noted then.
      stream.sessionEnded = true;
      await this.take(sessionId, stream, "session-ended", message);
    });
  }

  /**
   * Since when the session has had no input: its client's last input while one is connected, or
   * when its last client left; undefined when no client came in this process.
   */
  idleSince(sessionId: string): number | undefined {
    return this.streams.get(sessionId)?.handle.lastInputAt() ?? this.leftAt.get(sessionId);
  }

  /**
   * Closes the session's stream, if it has one, because a client joined (reference: a join
   * "disconnects the existing client"). Its viewer is told it was taken over; the stream stops
   * now rather than when the new client connects, so a join is also how a dashboard cuts off a
   * viewer whose sign-in has ended.
   */
  disconnect(sessionId: string): Promise<void> {
    return this.lock.run(sessionId, () => {
      const stream = this.streams.get(sessionId);
      // Not awaited, as a takeover at attach: the next client must not wait for the goodbye.
      if (stream) void this.take(sessionId, stream, "taken-over");
      return Promise.resolve();
    });
  }

  /** Closes the streams whose viewers came through a share link that was deleted. */
  async endShare(shareId: string): Promise<void> {
    const sessions = [...this.streams]
      .filter(([, stream]) => stream.shareId === shareId)
      .map(([sessionId]) => sessionId);
    await Promise.all(
      sessions.map((sessionId) =>
        this.lock.run(sessionId, async () => {
          const stream = this.streams.get(sessionId);
          if (stream?.shareId !== shareId) return;
          await this.take(sessionId, stream, "session-ended");
        }),
      ),
    );
  }

  /** Closes every stream (the cluster is stopping). */
  async endAll(): Promise<void> {
    await Promise.all([...this.streams.keys()].map((sessionId) => this.end(sessionId)));
  }

  /** Closes a stream from the gateway's side: it is forgotten now, and not a client leaving. */
  private take(
    sessionId: string,
    stream: LiveStream,
    reason: "taken-over" | "session-ended",
    message?: string,
  ): Promise<void> {
    stream.closedHere = true;
    this.streams.delete(sessionId);
    return closeStream(stream.handle, reason, message);
  }
}

async function closeStream(
  handle: StreamHandle,
  reason: "taken-over" | "session-ended",
  message?: string,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, closeTimeoutMs);
  });
  try {
    // A stream that fails to close cleanly is gone all the same: nothing more to do with it.
    await Promise.race([handle.close(reason, message).catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
