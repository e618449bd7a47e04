import { formatBytes } from "../../util/bytes.ts";

/** What a file field takes. */
export interface FileLimits {
  /**
   * File name endings (".apk") or media types ("image/png", "image/*"); any file when absent.
   * Also given to the file dialog, which shows only these.
   */
  accept?: readonly string[] | undefined;
  /** The largest file taken, in bytes; any size when absent. */
  maxBytes?: number | undefined;
}

function matches(file: Pick<File, "name" | "type">, pattern: string): boolean {
  const wanted = pattern.toLowerCase();
  if (wanted.startsWith(".")) return file.name.toLowerCase().endsWith(wanted);
  if (wanted.endsWith("/*")) return file.type.toLowerCase().startsWith(wanted.slice(0, -1));
  return file.type.toLowerCase() === wanted;
}

/**
 * Why a file field does not take this file, or undefined when it does. The file dialog only
 * offers what `accept` names, but a dropped file has been through no filter at all.
 */
export function fileRefusal(
  file: Pick<File, "name" | "type" | "size">,
  { accept, maxBytes }: FileLimits,
): string | undefined {
  if (accept !== undefined && accept.length > 0 && !accept.some((kind) => matches(file, kind))) {
    return `Choose a file of type ${accept.join(", ")}: ${file.name} is not one.`;
  }
  if (maxBytes !== undefined && file.size > maxBytes) {
    return `${file.name} is ${formatBytes(file.size)}: choose a file of at most ${formatBytes(maxBytes)}.`;
  }
  return undefined;
}
