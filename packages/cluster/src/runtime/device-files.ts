import { appendFile, copyFile, mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { isApkName } from "@anbox-dashboard/contract";
import type { ReceivedUpload } from "../http/receive-upload.ts";
import { readApkPackageName } from "../applications/apk-package-name.ts";
import { KeyedLock } from "../instances/keyed-lock.ts";

/** Where Android keeps `/sdcard/Download`, in the device's filesystem (rootfs.ts). */
export const downloadsDir = "data/media/0/Download";

/** One push at a time per device: two installs must not both append to packages.list. */
const pushes = new KeyedLock();

/** What a push left on the device: the file, and the package installed from it (an APK). */
export interface PushedFile {
  name: string;
  size: number;
  installedPackage: string | undefined;
}

/**
 * Puts a received file into the device's downloads (`/sdcard/Download/<name>`, replacing one of
 * that name) and, for an APK, installs it as Android would: its package name read from its
 * manifest (a bad APK is refused before anything is kept), `data/app/<package>/base.apk` and a
 * line in `data/system/packages.list`. The device's filesystem is emptied when it stops, so are
 * these. The upload is the caller's to discard when this throws.
 */
export function pushDeviceFile(
  rootfsDir: string,
  upload: ReceivedUpload,
  name: string,
): Promise<PushedFile> {
  return pushes.run(rootfsDir, async () => {
    const installedPackage = isApkName(name) ? readApkPackageName(upload.path, name) : undefined;
    const downloads = join(rootfsDir, downloadsDir);
    await upload.keepAs(join(downloads, name));
    if (installedPackage !== undefined) {
      const appDir = join(rootfsDir, "data/app", installedPackage);
      await mkdir(appDir, { recursive: true });
      await copyFile(upload.path, join(appDir, "base.apk"));
      await listPackage(rootfsDir, installedPackage);
    }
    return { name, size: upload.size, installedPackage };
  });
}

async function listPackage(rootfsDir: string, packageName: string): Promise<void> {
  const list = join(rootfsDir, "data/system/packages.list");
  const text = await readFile(list, "utf8").catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "";
    throw error;
  });
  if (text.split("\n").includes(packageName)) return;
  await mkdir(join(rootfsDir, "data/system"), { recursive: true });
  await appendFile(list, `${packageName}\n`);
}
