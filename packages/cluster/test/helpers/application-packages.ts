// Builds application packages for tests: zips with fflate, bzip2 tarballs with tar-stream and the
// system's bzip2 (the package reader must accept what the real tools make).
import { execFileSync } from "node:child_process";
import { zipSync, strToU8 } from "fflate";
import { pack as tarPack } from "tar-stream";
import { stringify } from "yaml";
import type { AmsApplication, AmsOperation } from "@anbox-dashboard/contract";
import type { AmsTestResponse, TestCluster } from "./test-cluster.ts";

export type PackageFiles = Record<string, string | Uint8Array>;

function bytes(content: string | Uint8Array): Uint8Array {
  return typeof content === "string" ? strToU8(content) : content;
}

export function manifestYaml(manifest: Record<string, unknown>): string {
  return stringify(manifest);
}

export function zipPackage(files: PackageFiles): Buffer {
  const entries: Record<string, Uint8Array> = {};
  for (const [path, content] of Object.entries(files)) entries[path] = bytes(content);
  return Buffer.from(zipSync(entries));
}

/** A tarball compressed by the system's bzip2; entries may be given raw tar headers (symlinks, odd names). */
export async function tarBz2Package(
  files: PackageFiles,
  special: { name: string; type: "symlink" | "link"; linkname: string }[] = [],
): Promise<Buffer> {
  const pack = tarPack();
  const chunks: Buffer[] = [];
  pack.on("data", (chunk: unknown) => {
    chunks.push(Buffer.from(chunk as Uint8Array));
  });
  const ended = new Promise<void>((resolve) =>
    pack.on("end", () => {
      resolve();
    }),
  );
  for (const [name, content] of Object.entries(files))
    pack.entry({ name }, Buffer.from(bytes(content)));
  for (const entry of special)
    pack.entry({ name: entry.name, type: entry.type, linkname: entry.linkname });
  pack.finalize();
  await ended;
  return execFileSync("bzip2", ["-c"], { input: Buffer.concat(chunks) });
}

/** The smallest APK the cluster accepts: a zip holding AndroidManifest.xml. */
export function fakeApk(): Uint8Array {
  return zipSync({ "AndroidManifest.xml": strToU8("<manifest/>"), "classes.dex": strToU8("dex") });
}

export function minimalManifest(
  name: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    name,
    image: "jammy:android15:amd64",
    resources: { cpus: 2, memory: "3GB", "disk-size": "3GB" },
    ...extra,
  };
}

export async function uploadApplication(
  cluster: TestCluster,
  upload: Buffer,
  path = "/1.0/applications",
  method = "POST",
): Promise<AmsTestResponse<AmsOperation>> {
  return cluster.request<AmsOperation>(method, path, { raw: upload });
}

/** Creates an application from a package, waits for its bootstrap, and returns it and its operation. */
export async function createApplication(
  cluster: TestCluster,
  files: PackageFiles,
  path = "/1.0/applications",
): Promise<{ application: AmsApplication; operation: AmsOperation }> {
  const response = await uploadApplication(cluster, zipPackage(files), path);
  if (response.status !== 202) throw new Error(`create: ${response.status} ${response.text}`);
  const operation = await cluster.waitOperation(response.body.metadata.id);
  const url = operation.resources.applications?.[0] ?? "";
  const detail = await cluster.request<AmsApplication>("GET", url);
  return { application: detail.body.metadata, operation };
}
