import { request } from "node:http";
import { crc32 } from "node:zlib";
import { clusterRequest, clusterSocketPath, type ClusterTarget } from "./cluster-api.ts";

// Applications made through the embedded cluster's own AMS API, as an operator's script would
// upload them: a zip package (manifest.yaml + app.apk) posted to its Unix socket. The zips are
// written here, stored without compression: the cluster reads stored entries, and a test needs
// no archive library for a few bytes.

/** A zip of the files, each stored as it is. */
function storedZip(files: Record<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(files)) {
    const nameBytes = Buffer.from(name, "utf8");
    const checksum = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6); // version needed
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * An APK as far as the dashboard and the cluster look: a zip holding AndroidManifest.xml (naming
 * `packageName` when given: a device installs it under that name), with `paddingBytes` of assets
 * to make an upload last long enough to watch its progress.
 */
export function apkBytes(paddingBytes = 0, packageName?: string): Buffer {
  const manifest =
    packageName === undefined ? "<manifest/>" : `<manifest package="${packageName}"/>`;
  return storedZip({
    "AndroidManifest.xml": Buffer.from(manifest),
    "classes.dex": Buffer.from("dex"),
    ...(paddingBytes > 0 ? { "assets/padding.bin": Buffer.alloc(paddingBytes, 7) } : {}),
  });
}

/** The smallest package the cluster accepts: a manifest and an APK holding AndroidManifest.xml. */
function applicationPackage(name: string, tags: readonly string[]): Buffer {
  const apk = apkBytes();
  const manifest = [
    `name: ${name}`,
    "image: jammy:android15:amd64",
    "resources:",
    "  cpus: 2",
    "  memory: 3GB",
    "  disk-size: 3GB",
    ...(tags.length > 0 ? ["tags:", ...tags.map((tag) => `  - ${tag}`)] : []),
    "",
  ].join("\n");
  return storedZip({ "manifest.yaml": Buffer.from(manifest), "app.apk": apk });
}

function postPackage(
  body: Buffer,
  target: ClusterTarget | undefined,
): Promise<{ status: number; operation?: string }> {
  const socketPath = clusterSocketPath(target);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        socketPath,
        method: "POST",
        path: "/1.0/applications",
        headers: { "content-type": "application/zip", "content-length": body.length },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          const parsed = JSON.parse(text) as { operation?: string; error?: string };
          if (res.statusCode !== 202) reject(new Error(`the cluster refused: ${text}`));
          else resolve({ status: res.statusCode, operation: parsed.operation });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * Uploads an application to an embedded cluster (the default dashboard's `default` unless
 * `cluster` names another) and waits for its bootstrap; resolves with its
 * id once it is ready (its first version published: the cluster publishes by default).
 */
export async function createApplicationThroughCluster(
  name: string,
  { tags = [], cluster }: { tags?: readonly string[]; cluster?: ClusterTarget } = {},
): Promise<{ id: string }> {
  const { operation } = await postPackage(applicationPackage(name, tags), cluster);
  if (operation === undefined) throw new Error("the cluster named no operation");
  const waited = await clusterRequest("GET", `${operation}/wait?timeout=60`, undefined, cluster);
  const metadata = waited.body.metadata as { resources?: { applications?: string[] } };
  const id = metadata.resources?.applications?.[0]?.split("/").at(-1) ?? "";
  if (id === "") throw new Error(`the operation named no application: ${JSON.stringify(waited)}`);
  return { id };
}
