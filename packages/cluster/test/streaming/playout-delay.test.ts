import { describe, expect, it } from "vitest";
import { RtpHeader, RtpPacket } from "werift";
import { withZeroPlayoutDelay } from "../../src/streaming/playout-delay.ts";

describe("withZeroPlayoutDelay", () => {
  const packet = new RtpPacket(
    new RtpHeader({ payloadType: 96, sequenceNumber: 7, timestamp: 3000, ssrc: 42, marker: true }),
    Buffer.from([1, 2, 3, 4, 5]),
  ).serialize();

  it("adds the extension (minimum and maximum zero) under the negotiated id, the rest unchanged", () => {
    const parsed = RtpPacket.deSerialize(withZeroPlayoutDelay(packet, 5));
    expect(parsed.header.extension).toBe(true);
    expect(parsed.header.extensions).toEqual([{ id: 5, payload: Buffer.from([0, 0, 0]) }]);
    expect(parsed.header).toMatchObject({
      payloadType: 96,
      sequenceNumber: 7,
      timestamp: 3000,
      ssrc: 42,
      marker: true,
    });
    expect([...parsed.payload]).toEqual([1, 2, 3, 4, 5]);
  });

  it("leaves a packet that already carries extensions as it is", () => {
    const once = withZeroPlayoutDelay(packet, 5);
    expect(withZeroPlayoutDelay(once, 6)).toBe(once);
  });
});
