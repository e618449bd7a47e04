import { describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import { SessionStreams } from "../../src/gateway/session-streams.ts";
import type { StreamHandle, StreamScreenSpec } from "../../src/gateway/signaling.ts";

/** A stream the test closes as its client would, by leaving, or the gateway does, with close(). */
interface FakeStream {
  handle: StreamHandle;
  leave: () => void;
}

function fakeServe(): { serve: () => StreamHandle; streams: FakeStream[] } {
  const streams: FakeStream[] = [];
  const serve = () => {
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
      closed,
    };
    streams.push({ handle, leave });
    return handle;
  };
  return { serve, streams };
}

const openSocket = { readyState: 1, OPEN: 1 } as unknown as WebSocket;
const screen = {} as StreamScreenSpec;
const live = { shareId: undefined, stillLive: () => Promise.resolve(true) };

describe("the session streams' idle times", () => {
  it("run from when the last client left, while the session lives", async () => {
    const { serve, streams } = fakeServe();
    const sessions = new SessionStreams(serve);
    await sessions.attach("s1", openSocket, screen, live);
    expect(sessions.idleSince("s1")).toBe(0); // the client's last input
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
