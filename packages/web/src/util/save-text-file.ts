import { saveBlob } from "./save-blob.ts";

/**
 * Saves text as a file through the browser's download: logs as `text/plain`, statistics as
 * `text/csv`.
 */
export function saveTextFile(text: string, fileName: string, type = "text/plain"): void {
  saveBlob(new Blob([text], { type: `${type};charset=utf-8` }), fileName);
}
