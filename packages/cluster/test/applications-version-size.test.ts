// Each application version says how large its package is (`size`, bytes): the upload's bytes, or,
// for a version made by a metadata change, those of the package it copies. On SQLite, and on
// PostgreSQL when TEST_POSTGRES_URL is set (migration 0007).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AmsApplication, AmsOperation } from "@anbox-dashboard/contract";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import {
  fakeApk,
  manifestYaml,
  minimalManifest,
  uploadApplication,
  zipPackage,
} from "./helpers/application-packages.ts";

let cluster: TestCluster;

beforeAll(async () => {
  cluster = await startTestCluster();
});

afterAll(async () => {
  await cluster.destroy();
});

async function versionsOf(id: string) {
  const answer = await cluster.request<AmsApplication>("GET", `/1.0/applications/${id}`);
  return answer.body.metadata.versions;
}

async function finish(response: {
  status: number;
  text: string;
  body: { metadata: AmsOperation };
}) {
  expect(response.status, response.text).toBe(202);
  const operation = await cluster.waitOperation(response.body.metadata.id);
  expect(operation.status, operation.err).toBe("Success");
  return operation.resources.applications?.[0]?.split("/").pop() ?? "";
}

describe("application version size", () => {
  it("is the bytes of each version's package, and a metadata change keeps its package's", async () => {
    const first = zipPackage({
      "manifest.yaml": manifestYaml(minimalManifest("sized")),
      "app.apk": fakeApk(),
    });
    const id = await finish(await uploadApplication(cluster, first));

    const second = zipPackage({
      "manifest.yaml": manifestYaml(minimalManifest("sized", { version: "2" })),
      "app.apk": fakeApk(),
      "extra-data/blob.bin": new Uint8Array(70_000).fill(7),
    });
    await finish(await uploadApplication(cluster, second, `/1.0/applications/${id}`, "PATCH"));

    await finish(
      await cluster.request<AmsOperation>("PATCH", `/1.0/applications/${id}/`, {
        body: { manifest_version: "3" },
      }),
    );

    const versions = await versionsOf(id);
    expect(versions.map((version) => version.size)).toEqual([
      first.length,
      second.length,
      second.length,
    ]);
  });
});
