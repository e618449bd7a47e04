import type { WebSocket } from "ws";
import {
  streamViewersMax,
  type JoinRole,
  type StreamViewer,
  type ViewerRole,
} from "@anbox-dashboard/contract";
import { KeyedLock } from "../instances/keyed-lock.ts";
import type { ServeSignaling, StreamHandle, StreamScreenSpec } from "./signaling.ts";

/** Close code for a signaling socket whose session ended before its stream could start. */
export const sessionEndedCloseCode = 4410;
/** Close code for a signaling socket of a stream that has all the viewers it takes. */
export const streamFullCloseCode = 4409;
/** A stream that does not finish closing in this time is let go: the next viewer must not wait. */
const closeTimeoutMs = 5_000;

interface LiveStream {
  viewerId: string;
  handle: StreamHandle;
  role: ViewerRole;
  /** When it was given control (its input is the session's from then on). */
  controlSince: number;
  /** The share link the viewer came through, if any. */
  shareId: string | undefined;
  watchOnly: boolean;
  /** Closed by the gateway (a takeover, a cut, the session's end): not the client leaving. */
  closedHere: boolean;
  /** Closed because its session ended: nothing of the session is kept once it is gone. */
  sessionEnded: boolean;
}

export interface AttachOptions {
  shareId: string | undefined;
  viewerId: string;
  wants: JoinRole;
  watchOnly: boolean;
  /** Asked once the previous controller is gone: false when the session ended meanwhile. */
  stillLive: () => Promise<boolean>;
}

export type AttachResult = "attached" | "socket-closed" | "session-ended" | "full";

/**
 * The live streams of each session: up to `streamViewersMax` viewers, one of them in control
 * (its input reaches the device; the others' does not). A viewer that joins to take control takes
 * it: the one in control before goes on watching, as a gateway without viewers would have
 * disconnected it (reference 3.2: "a join disconnects the existing client"), so that a reloaded
 * page is never locked out by its own former stream. When the viewer in control leaves, the
 * viewer who has watched longest and may control takes it. Each viewer is told who watches and
 * who controls (`stream::viewers`) whenever that changes. When the session ends, its streams are
 * closed (`session-ended`). Work on one session is serialised, so a join, a hand-over and an end
 * cannot interleave.
 */
export class SessionStreams {
  private readonly serve: ServeSignaling;
  private readonly sessions = new Map<string, LiveStream[]>();
  private readonly lock = new KeyedLock();
  private readonly onClientLeft: (sessionId: string) => void;
  /**
   * When each live session's last stream ended (its idle time runs from then); a session's entry
   * goes when the session ends, so the map holds no more than the sessions alive.
   */
  private readonly leftAt = new Map<string, number>();

  /** `onClientLeft`: a session's last viewer left (not cut off, not ended here). */
  constructor(serve: ServeSignaling, onClientLeft: (sessionId: string) => void = () => undefined) {
    this.serve = serve;
    this.onClientLeft = onClientLeft;
  }

  /** The session's viewers now, in the order they joined (each keeps its place, and its name). */
  viewers(sessionId: string): StreamViewer[] {
    const streams = this.streamsOf(sessionId);
    return streams.map((stream) => ({
      id: stream.viewerId,
      role: stream.role,
      watch_only: stream.watchOnly,
      through_share: stream.shareId !== undefined,
    }));
  }

  /** Whether a viewer asking for `wants` would find room on the session's stream now. */
  hasRoomFor(sessionId: string, wants: JoinRole, watchOnly: boolean): boolean {
    const streams = this.streamsOf(sessionId);
    // Taking control needs no room: the one in control before makes way if the stream is full.
    if (wants === "control" && !watchOnly && streams.some((one) => one.role === "controller")) {
      return true;
    }
    return streams.length < streamViewersMax;
  }

  /** The role a viewer asking for `wants` gets if it joins now. */
  roleFor(sessionId: string, wants: JoinRole, watchOnly: boolean): ViewerRole {
    if (watchOnly || wants === "watch") return "watcher";
    if (wants === "control") return "controller";
    return this.controllerOf(sessionId) === undefined ? "controller" : "watcher";
  }

  /**
   * Hands the signaling socket to the media side as a viewer of the session. Says what became of
   * it: the socket may have closed, the session ended, or the stream filled up meanwhile.
   */
  attach(
    sessionId: string,
    socket: WebSocket,
    screen: StreamScreenSpec,
    options: AttachOptions,
  ): Promise<AttachResult> {
    return this.lock.run(sessionId, async () => {
      if (socket.readyState !== socket.OPEN) return "socket-closed";
      if (!(await options.stillLive())) return "session-ended";
      // Decided now, after the wait: the one in control may have left meanwhile.
      const role = this.roleFor(sessionId, options.wants, options.watchOnly);
      const previous = this.controllerOf(sessionId);
      if (role === "controller" && previous !== undefined) {
        // It goes on watching, or makes way when the stream has no room for both (a watcher,
        // first: its leaving must not hand control to another).
        previous.role = "watcher";
        if (this.streamsOf(sessionId).length >= streamViewersMax) {
          void this.take(sessionId, previous, "taken-over");
        }
      }
      if (this.streamsOf(sessionId).length >= streamViewersMax) {
        this.tellViewers(sessionId);
        return "full";
      }
      const stream: LiveStream = {
        viewerId: options.viewerId,
        handle: this.serve(socket, screen, {
          throughShare: options.shareId !== undefined,
          controls: role === "controller",
          onViewerRequest: (request) => {
            void this.onRequest(sessionId, options.viewerId, request);
          },
        }),
        role,
        controlSince: Date.now(),
        shareId: options.shareId,
        watchOnly: options.watchOnly,
        closedHere: false,
        sessionEnded: false,
      };
      this.sessions.set(sessionId, [...this.streamsOf(sessionId), stream]);
      // At once, not on the session's queue: what is queued may be waiting for this very close.
      const forget = (): void => {
        this.remove(sessionId, stream);
        if (this.sessions.has(sessionId)) return;
        if (!stream.sessionEnded) this.leftAt.set(sessionId, Date.now());
        if (!stream.closedHere) this.onClientLeft(sessionId);
      };
      stream.handle.closed.then(forget, forget);
      this.tellViewers(sessionId);
      return "attached";
    });
  }

  /** Closes the session's streams because the session ended (`message`: why). */
  end(sessionId: string, message?: string): Promise<void> {
    return this.lock.run(sessionId, async () => {
      this.leftAt.delete(sessionId);
      const streams = this.streamsOf(sessionId);
      // Their closes may settle after this (a stream slow to close is let go): not to be noted then.
      for (const stream of streams) stream.sessionEnded = true;
      await Promise.all(
        streams.map((stream) => this.take(sessionId, stream, "session-ended", message)),
      );
    });
  }

  /**
   * Since when the session has had no input: its controller's last input while one is connected,
   * or when its last client left; undefined when no client came in this process.
   */
  idleSince(sessionId: string): number | undefined {
    const controller = this.controllerOf(sessionId);
    // A viewer just given control has not been idle for as long as it has watched.
    if (controller) return Math.max(controller.handle.lastInputAt(), controller.controlSince);
    return this.leftAt.get(sessionId);
  }

  /**
   * Closes the stream of the viewer in control, if any (a gateway's join without viewers does it:
   * reference 3.2 "disconnects the existing client"; the dashboard's way to cut off the viewer of
   * a gateway that has no viewers).
   */
  disconnect(sessionId: string): Promise<void> {
    return this.lock.run(sessionId, () => {
      const stream = this.controllerOf(sessionId);
      // Not awaited: the next client must not wait for the goodbye.
      if (stream) void this.take(sessionId, stream, "taken-over");
      return Promise.resolve();
    });
  }

  /** Closes one viewer's stream (its view ended at the dashboard): false when it has none. */
  cut(sessionId: string, viewerId: string, message: string): Promise<boolean> {
    return this.lock.run(sessionId, () => {
      const stream = this.streamsOf(sessionId).find((one) => one.viewerId === viewerId);
      if (stream) void this.take(sessionId, stream, "session-ended", message);
      return Promise.resolve(stream !== undefined);
    });
  }

  /** Closes the streams whose viewers came through a share link that was deleted. */
  async endShare(shareId: string): Promise<void> {
    const sessions = [...this.sessions]
      .filter(([, streams]) => streams.some((stream) => stream.shareId === shareId))
      .map(([sessionId]) => sessionId);
    await Promise.all(
      sessions.map((sessionId) =>
        this.lock.run(sessionId, async () => {
          const streams = this.streamsOf(sessionId).filter((stream) => stream.shareId === shareId);
          await Promise.all(streams.map((stream) => this.take(sessionId, stream, "session-ended")));
        }),
      ),
    );
  }

  /** Closes every stream (the cluster is stopping). */
  async endAll(): Promise<void> {
    await Promise.all([...this.sessions.keys()].map((sessionId) => this.end(sessionId)));
  }

  /**
   * A viewer's request over its stream: the one in control hands control to another viewer who
   * may have it (not through a watch-only link); a viewer who joined signed in (not through a
   * share link) takes control. Anything else is let go.
   */
  private onRequest(
    sessionId: string,
    viewerId: string,
    request: { kind: "hand-control"; to: string } | { kind: "take-control" },
  ): Promise<void> {
    return this.lock.run(sessionId, () => {
      const streams = this.streamsOf(sessionId);
      // A viewer already gone (still closing) asks nothing.
      const asking = streams.find((stream) => stream.viewerId === viewerId);
      if (asking === undefined) return Promise.resolve();
      const current = this.controllerOf(sessionId);
      const next =
        request.kind === "take-control"
          ? asking.shareId === undefined
            ? asking
            : undefined
          : asking === current
            ? streams.find((stream) => stream.viewerId === request.to)
            : undefined;
      if (next === undefined || next.watchOnly || next === current) return Promise.resolve();
      if (current) current.role = "watcher";
      this.giveControl(next);
      this.tellViewers(sessionId);
      return Promise.resolve();
    });
  }

  private streamsOf(sessionId: string): LiveStream[] {
    return this.sessions.get(sessionId) ?? [];
  }

  private giveControl(stream: LiveStream): void {
    stream.role = "controller";
    stream.controlSince = Date.now();
  }

  private controllerOf(sessionId: string): LiveStream | undefined {
    return this.streamsOf(sessionId).find((stream) => stream.role === "controller");
  }

  /** Forgets a stream; a controller's place goes to the viewer who has watched longest. */
  private remove(sessionId: string, stream: LiveStream): void {
    const streams = this.sessions.get(sessionId);
    if (!streams?.includes(stream)) return;
    const rest = streams.filter((one) => one !== stream);
    if (rest.length === 0) {
      this.sessions.delete(sessionId);
      return;
    }
    this.sessions.set(sessionId, rest);
    if (stream.role === "controller" && !rest.some((one) => one.role === "controller")) {
      const heir = rest.find((one) => !one.watchOnly);
      if (heir) this.giveControl(heir);
    }
    this.tellViewers(sessionId);
  }

  /** Tells each viewer who watches and who controls, and lets its input through or not. */
  private tellViewers(sessionId: string): void {
    const viewers = this.viewers(sessionId);
    for (const stream of this.streamsOf(sessionId)) {
      stream.handle.setViewers({ you: stream.viewerId, viewers }, stream.role === "controller");
    }
  }

  /** Closes a stream from the gateway's side: it is forgotten now, and not a client leaving. */
  private take(
    sessionId: string,
    stream: LiveStream,
    reason: "taken-over" | "session-ended",
    message?: string,
  ): Promise<void> {
    stream.closedHere = true;
    this.remove(sessionId, stream);
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
