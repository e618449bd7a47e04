// The server speaks AMS (and the stream gateway's API) in one place, src/ams/: each path is built
// once there and every answer read with the contract's schema of it. Routes call that layer; no
// `/1.0/` path and no call on a cluster's or gateway's client outside it (issue 36): a module that
// speaks AMS by hand fails here.
import { globSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const sourceRoot = join(import.meta.dirname, "..", "src");

/** Where the clusters are reached (the clients, their transport) and the layer itself. */
const layer = ["ams/", "clusters/cluster-endpoint.ts", "clusters/endpoint-request.ts"];

/** A path of the AMS or gateway API, or a call on a cluster's or gateway's client. */
const speaksAms =
  /["'`]\/1\.0\b|\.client\.(get|post|patch|put|delete|getText|sendStream)\b|gateway\.(get|post|patch|delete)\b/;

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
  it("is the only place that speaks AMS or the stream gateway's API", () => {
    const outside = modulesSpeakingAms().filter(
      (path) => !layer.some((place) => path.startsWith(place)),
    );
    expect(outside).toEqual([]);
  });

  it("is found by this test: the layer itself speaks AMS", () => {
    expect(modulesSpeakingAms()).toEqual(
      expect.arrayContaining(["ams/instances.ts", "ams/gateway.ts", "ams/sockets.ts"]),
    );
  });
});
