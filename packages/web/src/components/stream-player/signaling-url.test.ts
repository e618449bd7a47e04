import { describe, expect, it } from "vitest";
import { encodeBase64, decodeBase64 } from "./base64.ts";
import { resolveSignalingUrl } from "./signaling-url.ts";

describe("resolveSignalingUrl", () => {
  it("resolves a path on this origin, http becoming ws and https wss", () => {
    expect(
      resolveSignalingUrl(
        "/1.0/session/s1/sockets/master?token=t",
        "http://127.0.0.1:8080/sessions/s1",
      ),
    ).toBe("ws://127.0.0.1:8080/1.0/session/s1/sockets/master?token=t");
    expect(resolveSignalingUrl("/api/signaling/s1", "https://dash.example/vdi/s1")).toBe(
      "wss://dash.example/api/signaling/s1",
    );
  });

  it("keeps an absolute websocket URL", () => {
    expect(resolveSignalingUrl("wss://gw.example:4000/x?token=a", "http://localhost/")).toBe(
      "wss://gw.example:4000/x?token=a",
    );
    expect(resolveSignalingUrl("ws://10.0.0.2/x", "https://dash.example/")).toBe("ws://10.0.0.2/x");
  });

  it("refuses what is not a websocket address", () => {
    expect(() => resolveSignalingUrl("ftp://x.example/", "https://dash.example/")).toThrow(
      "Not a websocket address",
    );
  });
});

describe("base64", () => {
  it("is btoa/atob for ASCII and survives other characters", () => {
    const sdp = "v=0\r\ns=-\r\na=candidate:1 1 udp 1 127.0.0.1 5000 typ host\r\n";
    expect(encodeBase64(sdp)).toBe(btoa(sdp));
    expect(decodeBase64(btoa(sdp))).toBe(sdp);
    expect(decodeBase64(encodeBase64("s=Gérard’s phone"))).toBe("s=Gérard’s phone");
  });
});
