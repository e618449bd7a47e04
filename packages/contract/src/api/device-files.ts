import { z } from "zod";

// Files pushed into a device's downloads (issue 39): `POST …/device/files`, the file's bytes as the
// body (the cluster) or the one file of a multipart form (the dashboard). An APK is installed too.

/** The largest file a device takes into its downloads. */
export const deviceFileMaxBytes = 256 * 1024 * 1024;
/** The same, as the refusals say it. */
export const deviceFileMaxText = "256 MiB";

/** A file name's longest, in UTF-8 bytes (Android's file systems stop at 255). */
const fileNameMaxBytes = 255;

/** The dashboard's form field holding the file (it has no other). */
export const deviceFileField = "file";

/** How many received files and installed applications a device's state lists, newest first. */
export const deviceFilesListed = 10;

/**
 * Why a name cannot be a file of the device's downloads, or undefined when it can: a plain name
 * (no folder, not `.` or `..`, not hidden), printable, at most 255 bytes.
 */
export function deviceFileNameProblem(name: string): string | undefined {
  if (name.trim() === "") return "The file has no name";
  if (new TextEncoder().encode(name).length > fileNameMaxBytes) {
    return `The file's name is longer than ${String(fileNameMaxBytes)} bytes`;
  }
  if (/[\p{Cc}\p{Cf}]/u.test(name)) return "The file's name holds control characters";
  if (/[/\\]/.test(name)) return `The file's name "${name}" holds a folder separator`;
  if (name.startsWith(".")) return `The file's name "${name}" starts with a dot (a hidden file)`;
  if (name !== name.trim()) return `The file's name "${name}" starts or ends with a space`;
  return undefined;
}

/** Whether the device installs the file as an application once it has it. */
export function isApkName(name: string): boolean {
  return name.toLowerCase().endsWith(".apk");
}

/** What the cluster's `X-AMS-Request` of a pushed file says: the file's name. */
export const deviceFileRequestSchema = z.strictObject({
  name: z.string().superRefine((name, context) => {
    const problem = deviceFileNameProblem(name);
    if (problem !== undefined) context.addIssue({ code: "custom", message: problem });
  }),
});

/** A file the device received. */
export const deviceFileSchema = z.object({
  name: z.string(),
  size: z.number(),
  received_at: z.number(),
});

/** An application the device installed from a pushed APK. */
export const installedAppSchema = z.object({
  package: z.string(),
  file: z.string(),
  installed_at: z.number(),
});
