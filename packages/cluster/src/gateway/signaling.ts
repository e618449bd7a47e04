// The media side's entry point (packages/cluster/src/streaming), as the gateway uses it. The
// gateway takes it as a parameter, so that tests can hand it a fake.
import type { serveSignaling } from "../streaming/serve-signaling.ts";

export type ServeSignaling = typeof serveSignaling;
export type { StreamHandle, StreamScreenSpec } from "../streaming/serve-signaling.ts";
