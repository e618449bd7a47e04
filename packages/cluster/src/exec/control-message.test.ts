import { describe, expect, it } from "vitest";
import { parseControlMessage } from "./control-message.ts";

describe("parseControlMessage", () => {
  it("reads LXD's window-resize (sizes as strings) and signal messages", () => {
    expect(
      parseControlMessage('{"command":"window-resize","args":{"width":"120","height":"40"}}'),
    ).toEqual({ ok: true, value: { command: "window-resize", columns: 120, rows: 40 } });
    expect(parseControlMessage('{"command":"signal","signal":15}')).toEqual({
      ok: true,
      value: { command: "signal", signal: 15 },
    });
  });

  it("refuses what it cannot act on", () => {
    for (const text of [
      "not json",
      '{"command":"window-resize","args":{"width":"0","height":"40"}}',
      '{"command":"signal","signal":"TERM"}',
      '{"command":"reboot"}',
    ]) {
      expect(parseControlMessage(text).ok).toBe(false);
    }
  });
});
