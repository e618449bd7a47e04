import { describe, expect, it } from "vitest";
import { ClusterOptionsError, readClusterOptions } from "../src/options.ts";
import { iceServersOf } from "../src/gateway/ice-servers.ts";

const base = { name: "default", dataDir: "/tmp", version: "test", tokenSecret: "secret" };

describe("CLUSTER_STUN_SERVERS", () => {
  it("gives streams the STUN servers listed, as one server entry for the joins", () => {
    const options = readClusterOptions(
      { CLUSTER_STUN_SERVERS: "stun:stun.example.com:3478, turn:turn.example.com?transport=tcp" },
      base,
    );
    expect(options.stunServers).toEqual([
      "stun:stun.example.com:3478",
      "turn:turn.example.com?transport=tcp",
    ]);
    expect(iceServersOf(options)).toEqual([
      { urls: ["stun:stun.example.com:3478", "turn:turn.example.com?transport=tcp"] },
    ]);
    // None by default: on one machine the host candidates suffice.
    expect(iceServersOf(readClusterOptions({}, base))).toEqual([]);
  });

  it("refuses what is not a STUN or TURN URL, naming it", () => {
    for (const bad of ["https://stun.example.com", "stun:", "stun:a b", "stun:x/../y"]) {
      expect(() => readClusterOptions({ CLUSTER_STUN_SERVERS: bad }, base)).toThrow(
        ClusterOptionsError,
      );
    }
    expect(() => readClusterOptions({ CLUSTER_STUN_SERVERS: "http://x" }, base)).toThrow(
      /CLUSTER_STUN_SERVERS must be comma-separated URLs like stun:stun.example.com:3478, got "http:\/\/x"/,
    );
  });
});
