import { describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import type { JoinRole, StreamViewersMessage } from "@anbox-dashboard/contract";
import { SessionStreams } from "../../src/gateway/session-streams.ts";
import type {
  ServeSignaling,
  StreamHandle,
  StreamScreenSpec,
} from "../../src/gateway/signaling.ts";
import type { ViewerRequest } from "../../src/streaming/control-channel.ts";

/** A stream the test closes as its client would, by leaving, or the gateway does, with close(). */
interface FakeStream {
  handle: StreamHandle;
  leave: () => void;
  /** Whether its input reaches the device now, as its control channel was last told. */
  controls: boolean;
  told: StreamViewersMessage | undefined;
  request: ((request: ViewerRequest) => void) | undefined;
}

function fakeServe(): { serve: ServeSignaling; streams: FakeStream[] } {
  const streams: FakeStream[] = [];
  const serve: ServeSignaling = (_socket, _screen, options) => {
    let leave: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => {
      leave = resolve;
    });
    const handle: StreamHandle = {
      close: () => {
        leave();
        return closed;
      },
      lastInputAt: () => 0,
      setViewers: (viewers, controls) => {
        stream.told = viewers;
        stream.controls = controls;
      },
      closed,
    };
    const stream: FakeStream = {
      handle,
      leave,
      controls: options?.controls ?? true,
      told: undefined,
      request: options?.onViewerRequest,
    };
    streams.push(stream);
    return handle;
  };
  return { serve, streams };
}

const openSocket = { readyState: 1, OPEN: 1 } as unknown as WebSocket;
const screen = {} as StreamScreenSpec;
const live = {
  shareId: undefined as string | undefined,
  viewerId: "v",
  wants: "control" as JoinRole,
  watchOnly: false,
  stillLive: () => Promise.resolve(true),
};
const as = (viewerId: string, wants: JoinRole, more: Partial<typeof live> = {}) => ({
  ...live,
  viewerId,
  wants,
  ...more,
});

describe("the session streams' idle times", () => {
  it("run from when the last client left, while the session lives", async () => {
    const { serve, streams } = fakeServe();
    const sessions = new SessionStreams(serve);
    const attachedAt = Date.now();
    await sessions.attach("s1", openSocket, screen, live);
    // Its last input (0 here), or since it has had control: the later.
    expect(sessions.idleSince("s1")).toBeGreaterThanOrEqual(attachedAt);
    const before = Date.now();
    streams[0]?.leave();
    await streams[0]?.handle.closed;
    expect(sessions.idleSince("s1")).toBeGreaterThanOrEqual(before);
  });

  it("are forgotten when the session ends, with or without a stream open", async () => {
    const { serve, streams } = fakeServe();
    const sessions = new SessionStreams(serve);
    // One session whose client left before it ended, one whose stream was open at its end.
    await sessions.attach("left", openSocket, screen, live);
    streams[0]?.leave();
    await streams[0]?.handle.closed;
    await sessions.attach("open", openSocket, screen, live);

    await sessions.end("left");
    await sessions.end("open");
    await streams[1]?.handle.closed;

    expect(sessions.idleSince("left")).toBeUndefined();
    expect(sessions.idleSince("open")).toBeUndefined();
  });
});

describe("a stream's viewers (session_viewers)", () => {
  const roles = (stream: FakeStream | undefined) =>
    stream?.told?.viewers.map((viewer) => `${viewer.id}:${viewer.role}`);

  it("takes up to four, one in control; a watch-only viewer never controls", async () => {
    const { serve, streams } = fakeServe();
    const sessions = new SessionStreams(serve);
    await sessions.attach("s", openSocket, screen, as("owner", "auto"));
    await sessions.attach("s", openSocket, screen, as("guest", "auto", { shareId: "link" }));
    await sessions.attach("s", openSocket, screen, as("eye", "control", { watchOnly: true }));
    await sessions.attach("s", openSocket, screen, as("fourth", "watch"));
    expect(roles(streams[0])).toEqual([
      "owner:controller",
      "guest:watcher",
      "eye:watcher",
      "fourth:watcher",
    ]);
    expect(streams.map((stream) => stream.controls)).toEqual([true, false, false, false]);
    expect(streams[2]?.told?.you).toBe("eye");
    expect(sessions.hasRoomFor("s", "watch", false)).toBe(false);
    expect(await sessions.attach("s", openSocket, screen, as("fifth", "watch"))).toBe("full");
  });

  it("lets the one in control hand it over, and a signed-in viewer take it; not a watch-only one", async () => {
    const { serve, streams } = fakeServe();
    const sessions = new SessionStreams(serve);
    await sessions.attach("s", openSocket, screen, as("owner", "auto"));
    await sessions.attach("s", openSocket, screen, as("guest", "auto", { shareId: "link" }));
    await sessions.attach("s", openSocket, screen, as("eye", "watch", { watchOnly: true }));
    const [owner, guest, eye] = streams;
    // Only the one in control hands control over, and never to a watch-only viewer.
    guest?.request?.({ kind: "hand-control", to: "guest" });
    owner?.request?.({ kind: "hand-control", to: "eye" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(owner?.controls).toBe(true);
    owner?.request?.({ kind: "hand-control", to: "guest" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([owner?.controls, guest?.controls, eye?.controls]).toEqual([false, true, false]);
    // A share link's viewer cannot take control, nor a watch-only one; a signed-in one can.
    owner?.request?.({ kind: "take-control" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([owner?.controls, guest?.controls]).toEqual([true, false]);
    owner?.request?.({ kind: "hand-control", to: "guest" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    guest?.request?.({ kind: "take-control" });
    eye?.request?.({ kind: "take-control" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([owner?.controls, guest?.controls, eye?.controls]).toEqual([false, true, false]);
  });

  it("gives control to who has watched longest when the one in control leaves, and cuts one viewer", async () => {
    const { serve, streams } = fakeServe();
    const sessions = new SessionStreams(serve);
    await sessions.attach("s", openSocket, screen, as("owner", "auto"));
    await sessions.attach("s", openSocket, screen, as("eye", "watch", { watchOnly: true }));
    await sessions.attach("s", openSocket, screen, as("guest", "auto", { shareId: "link" }));
    streams[0]?.leave();
    await streams[0]?.handle.closed;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(roles(streams[1])).toEqual(["eye:watcher", "guest:controller"]);
    expect(await sessions.cut("s", "eye", "Your view ended")).toBe(true);
    expect(await sessions.cut("s", "eye", "Your view ended")).toBe(false);
    expect(sessions.viewers("s").map((viewer) => viewer.id)).toEqual(["guest"]);
    // A join that takes control makes the one in control before a watcher.
    await sessions.attach("s", openSocket, screen, as("back", "control"));
    expect(roles(streams[3])).toEqual(["guest:watcher", "back:controller"]);
  });

  it("has one viewer in control when a join takes control of a full stream", async () => {
    const { serve, streams } = fakeServe();
    const sessions = new SessionStreams(serve);
    await sessions.attach("s", openSocket, screen, as("owner", "auto"));
    for (const id of ["b", "c", "d"]) {
      await sessions.attach("s", openSocket, screen, as(id, "watch"));
    }
    expect(await sessions.attach("s", openSocket, screen, as("new", "control"))).toBe("attached");
    // The one in control before made way; nobody else was handed control on its way out.
    expect(roles(streams[4])).toEqual(["b:watcher", "c:watcher", "d:watcher", "new:controller"]);
    expect(streams.slice(1).map((stream) => stream.controls)).toEqual([false, false, false, true]);
  });
});
