import { describe, expect, it } from "vitest";
import { InputTimeline } from "../../src/streaming/input-timeline.ts";

describe("InputTimeline", () => {
  it("times the first frame out of the encoder that shows each input", () => {
    const timeline = new InputTimeline();
    timeline.drawn(0, 0, 100);
    timeline.drawn(1, 105, 110); // the frame that first shows input 1
    timeline.drawn(1, 105, 143); // shows it again: not timed twice
    expect(timeline.encoded(104)).toBeUndefined(); // no input yet
    expect(timeline.encoded(117)).toEqual({
      input: 1,
      receivedAt: 105,
      drawnAt: 110,
      encodedAt: 117,
    });
    expect(timeline.encoded(150)).toBeUndefined();
  });

  it("forgets the frames a stopped encoder never returned", () => {
    const timeline = new InputTimeline();
    timeline.drawn(1, 5, 10);
    timeline.restart();
    timeline.drawn(2, 40, 45);
    expect(timeline.encoded(50)).toMatchObject({ input: 2, drawnAt: 45 });
  });
});
