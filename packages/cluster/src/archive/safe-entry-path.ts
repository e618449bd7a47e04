import { HttpError } from "@anbox-dashboard/http-kit";

/**
 * A safe relative path for an archive entry name, `undefined` for a directory entry. Refuses
 * absolute paths and `..` segments (zip-slip): an entry must never land outside its directory.
 */
export function safeEntryPath(name: string): string | undefined {
  if (name.includes("\0"))
    throw new HttpError(400, `Invalid package: entry name contains a NUL byte`);
  const normalized = name.replaceAll("\\", "/");
  if (normalized.startsWith("/") || /^[A-Za-z]:/.test(normalized)) {
    throw new HttpError(400, `Invalid package: entry "${name}" has an absolute path`);
  }
  const segments = normalized.split("/").filter((segment) => segment !== "" && segment !== ".");
  if (segments.includes("..")) {
    throw new HttpError(400, `Invalid package: entry "${name}" points outside the package ("..")`);
  }
  if (segments.length === 0 || normalized.endsWith("/")) return undefined;
  return segments.join("/");
}
