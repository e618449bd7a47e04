import { describe, expect, it } from "vitest";
import { createEventsToken, verifyEventsToken } from "./event-token.ts";

const secret = "unit-secret";
const now = 1_700_000_000;

describe("events tokens", () => {
  it("accepts its own token until it expires, five minutes later", () => {
    const token = createEventsToken(secret, now);
    expect(verifyEventsToken(token, secret, now)).toEqual({ valid: true });
    expect(verifyEventsToken(token, secret, now + 299)).toEqual({ valid: true });
    expect(verifyEventsToken(token, secret, now + 300)).toMatchObject({ valid: false });
  });

  it("refuses another secret's token, a changed payload and a wrong audience", () => {
    expect(verifyEventsToken(createEventsToken("other", now), secret, now)).toMatchObject({
      valid: false,
      reason: expect.stringContaining("signature") as unknown,
    });
    const [header, , signature] = createEventsToken(secret, now).split(".");
    const longer = Buffer.from(JSON.stringify({ aud: "events", iat: now, exp: now + 1e6 }));
    expect(
      verifyEventsToken(`${header}.${longer.toString("base64url")}.${signature}`, secret, now),
    ).toMatchObject({ valid: false });
    expect(verifyEventsToken("a.b", secret, now)).toMatchObject({ valid: false });
  });
});
