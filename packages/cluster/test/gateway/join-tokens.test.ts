import { describe, expect, it } from "vitest";
import { JoinTokens, joinTokenLifetimeMs, newViewer } from "../../src/gateway/join-tokens.ts";

describe("join tokens", () => {
  it("are random, bound to one session, single-use and valid for 60 seconds", () => {
    let now = 1_000_000;
    const tokens = new JoinTokens(() => now);
    const first = tokens.issue("session-a");
    const second = tokens.issue("session-a");
    expect(first).not.toBe(second);
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);

    expect(tokens.consume(first, "session-a")).toMatchObject({
      valid: true,
      shareId: undefined,
      wants: "control",
      watchOnly: false,
    });
    expect(tokens.consume(first, "session-a")).toMatchObject({ valid: false, status: 403 });

    expect(tokens.consume(second, "session-b")).toEqual({
      valid: false,
      status: 403,
      reason: "The join token is for another session",
    });
    // Used up by the wrong session too: a token that leaked cannot be tried twice.
    expect(tokens.consume(second, "session-a")).toMatchObject({ valid: false });

    const late = tokens.issue("session-a");
    now += joinTokenLifetimeMs;
    expect(tokens.consume(late, "session-a")).toEqual({
      valid: false,
      status: 403,
      reason: "The join token expired (tokens last 60 seconds): join the session again",
    });
    const inTime = tokens.issue("session-a");
    now += joinTokenLifetimeMs - 1;
    expect(tokens.consume(inTime, "session-a").valid).toBe(true);
    expect(tokens.consume(undefined, "session-a")).toMatchObject({ valid: false, status: 401 });
  });

  it("forget expired tokens and those of a deleted share", () => {
    let now = 0;
    const tokens = new JoinTokens(() => now);
    tokens.issue("s");
    const shared = tokens.issue(
      "s",
      newViewer({ shareId: "share-1", wants: "watch", watchOnly: true }),
    );
    expect(tokens.size).toBe(2);
    tokens.revokeShare("share-1");
    expect(tokens.consume(shared, "s").valid).toBe(false);
    now += joinTokenLifetimeMs + 1;
    tokens.issue("s");
    expect(tokens.size).toBe(1);
  });
});
