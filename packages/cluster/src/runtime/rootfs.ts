import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** What the device's filesystem says about itself (build.prop and friends). */
export interface RootfsFacts {
  id: string;
  name: string;
  imageName: string;
  imageVariant: string;
  architecture: string;
  display: { width: number; height: number; fps: number; density: number };
  bootPackage: string;
}

/** The Android release and SDK level an image name implies ("jammy:android14:amd64" → 14, 34). */
export function androidVersionOf(imageName: string): { release: number; sdk: number } {
  const match = /(?:android|aaos)(\d+)/.exec(imageName);
  const release = match ? Number(match[1]) : 13;
  return { release, sdk: release + 20 };
}

export function buildProp(facts: RootfsFacts): string {
  const { release, sdk } = androidVersionOf(facts.imageName);
  const automotive = facts.imageVariant === "aaos";
  const abi = facts.architecture === "aarch64" ? "arm64-v8a" : "x86_64";
  const { width, height, fps, density } = facts.display;
  const lines = [
    "# begin build properties",
    `# virtual device ${facts.name} (${facts.id}), image ${facts.imageName}`,
    `ro.build.id=AP${release}A.${sdk}0101.001`,
    `ro.build.version.release=${release}`,
    `ro.build.version.sdk=${sdk}`,
    "ro.build.type=user",
    "ro.build.tags=release-keys",
    `ro.build.characteristics=${automotive ? "automotive" : "default"}`,
    `ro.product.brand=anbox`,
    `ro.product.manufacturer=Canonical`,
    `ro.product.model=Anbox ${automotive ? "Automotive " : ""}Virtual Device`,
    `ro.product.name=anbox_${facts.architecture}`,
    "ro.product.device=anbox",
    `ro.product.cpu.abi=${abi}`,
    "ro.hardware=anbox",
    `ro.sf.lcd_density=${density}`,
    `ro.anbox.instance.id=${facts.id}`,
    `ro.anbox.instance.name=${facts.name}`,
    `ro.anbox.display=${width}x${height}@${fps}`,
    `ro.anbox.boot_package=${facts.bootPackage}`,
    "persist.sys.timezone=UTC",
    "persist.sys.locale=en-US",
    "# end build properties",
  ];
  return `${lines.join("\n")}\n`;
}

/**
 * Lays out the device's filesystem: `system/` (read-only facts), `data/` and `tmp/` (ephemeral,
 * emptied when the device stops). Idempotent, so a boot resumed after a restart can call it again.
 */
export async function prepareRootfs(rootfsDir: string, facts: RootfsFacts): Promise<void> {
  for (const dir of ["system", "system/etc", "data/app", "data/local/tmp", "data/system", "tmp"]) {
    await mkdir(join(rootfsDir, dir), { recursive: true });
  }
  await writeFile(join(rootfsDir, "system/build.prop"), buildProp(facts));
  await writeFile(join(rootfsDir, "system/etc/hostname"), `${facts.name}\n`);
  const packages = ["android", "com.android.systemui", "com.android.launcher3"];
  if (facts.bootPackage !== "") {
    packages.push(facts.bootPackage);
    await mkdir(join(rootfsDir, "data/app", facts.bootPackage), { recursive: true });
  }
  await writeFile(join(rootfsDir, "data/system/packages.list"), `${packages.join("\n")}\n`);
}

/** Instances are ephemeral (reference 2.3.2): what the device wrote is gone once it stops. */
export async function clearEphemeralData(rootfsDir: string): Promise<void> {
  for (const dir of ["data", "tmp"]) {
    await rm(join(rootfsDir, dir), { recursive: true, force: true });
    await mkdir(join(rootfsDir, dir), { recursive: true });
  }
}
