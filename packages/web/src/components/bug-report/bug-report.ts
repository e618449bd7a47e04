import type { Unavailable } from "@anbox-dashboard/contract";

/**
 * Keys whose values are secrets wherever they appear (a token, a TURN credential, a key), or
 * private to the person testing (the device's clipboard, an SMS's text).
 */
const secretKey =
  /token|secret|password|passwd|credential|private|^key$|api[-_]?key|cookie|authorization|^clipboard$|^message$/i;
/** A URL's query parameters that carry a secret (a share link's, a join's). */
const secretParameter = /([?&](?:token|key|secret|password|credential)=)[^&\s"']+/gi;
/** A share link's path carries its key (`/stream/<token>`). */
const shareLink = /(\/stream\/)[A-Za-z0-9_-]{16,}/g;

/**
 * The value with every secret taken out: values under a secret's key, secret query parameters
 * and share links' keys in any text. What is left is what the report is for.
 */
export function withoutSecrets(value: unknown): unknown {
  if (typeof value === "string") {
    return value.replace(secretParameter, "$1[removed]").replace(shareLink, "$1[removed]");
  }
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        secretKey.test(key) ? "[removed]" : withoutSecrets(inner),
      ]),
    );
  }
  return value;
}

/** `anbox-bug-report-<instance>-<YYYYMMDD-HHMMSS>.json`, the instance's name made file-safe. */
export function bugReportFileName(instanceName: string, now: Date): string {
  const safe = instanceName.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 80) || "instance";
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `anbox-bug-report-${safe}-${stamp}.json`;
}

/** Why a part is missing, from what its fetch threw. */
export function unavailable(error: unknown): Unavailable {
  return { unavailable: error instanceof Error ? error.message : String(error) };
}
