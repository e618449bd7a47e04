import { chmodSync, lstatSync, mkdirSync, statSync } from "node:fs";

/**
 * Owner-only files and folders. What the databases and their neighbours hold (password hashes,
 * sessions, the identity provider's grants and keys, the audit log, tokens) is nobody else's
 * business on a shared machine: files are 0600 and their folders 0700, whatever the umask.
 */

/** Makes `path` (and its missing parents) a folder only its owner may list and enter. */
export function ensurePrivateDirectory(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  restrictToOwner(path);
}

/**
 * Takes every group and other permission away from `path` (0644 becomes 0600, 0755 becomes
 * 0700), as an older install may have left it. Nothing happens when it does not exist, or when it
 * is a symbolic link and `followLinks` is false (a link may point outside what we own).
 */
export function restrictToOwner(path: string, { followLinks = true } = {}): void {
  const stats = statOrUndefined(path, followLinks);
  if (stats === undefined || stats.isSymbolicLink()) return;
  const mode = stats.mode & 0o7777;
  if ((mode & 0o077) !== 0) chmodSync(path, mode & 0o7700);
}

function statOrUndefined(path: string, followLinks: boolean) {
  try {
    return followLinks ? statSync(path) : lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
