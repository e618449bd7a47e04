// The server speaks AMS (and the stream gateway's API) in one place, src/ams/: each path is built
// once there and every answer read with the contract's schema of it. Routes call that layer; no
// `/1.0/` path and no call on a cluster's client outside it (issue 36). The modules below still
// speak AMS by hand, to be moved: the list may only shrink. A module moved must leave it (the test
// says so), and a new module that speaks AMS by hand fails here.
import { globSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const sourceRoot = join(import.meta.dirname, "..", "src");

/** Where the clusters are reached (the clients, their transport) and the layer itself. */
const layer = ["ams/", "clusters/cluster-endpoint.ts", "clusters/endpoint-request.ts"];

const notMovedYet = [
  "api/applications/bulk-delete.ts",
  "api/applications/create.ts",
  "api/applications/list.ts",
  "api/applications/new-version.ts",
  "api/applications/read-application.ts",
  "api/applications/send-package.ts",
  "api/applications/single.ts",
  "api/instances/bulk.ts",
  "api/instances/exec.ts",
  "api/instances/list.ts",
  "api/instances/single.ts",
  "api/public-streams.ts",
  "api/sessions.ts",
  "cli/cluster-command.ts",
  "clusters/embedded-cluster.ts",
  "relays/events-relay.ts",
  "relays/operation-socket-relay.ts",
  "relays/signaling-relay.ts",
  "streaming/share-links.ts",
  "streaming/watched-streams.ts",
];

/** A path of the AMS or gateway API, or a call on a cluster's or gateway's client. */
const speaksAms = /["'`]\/1\.0\b|\.client\.(get|post|patch|put|delete|getText|sendStream)\b/;

/** The code alone: comments may name the AMS paths a module's functions stand for. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
}

function modulesSpeakingAms(): string[] {
  return globSync("**/*.ts", { cwd: sourceRoot })
    .filter((path) => !path.endsWith(".test.ts"))
    .filter((path) => speaksAms.test(withoutComments(readFileSync(join(sourceRoot, path), "utf8"))))
    .sort();
}

describe("the AMS layer", () => {
  it("is the only place that speaks AMS, but for the modules still to move", () => {
    const outside = modulesSpeakingAms().filter(
      (path) => !layer.some((place) => path.startsWith(place)),
    );
    expect(outside.filter((path) => !notMovedYet.includes(path))).toEqual([]);
  });

  it("lists as still to move only modules that still speak AMS", () => {
    const speaking = modulesSpeakingAms();
    expect(notMovedYet.filter((path) => !speaking.includes(path))).toEqual([]);
  });
});
