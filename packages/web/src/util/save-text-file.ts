/** How long a saved file's object URL lives: the browser reads it after the click, unannounced. */
const objectUrlLifetimeMs = 60_000;

/**
 * Saves text as a file through the browser's download (a Blob behind an object URL): logs as
 * `text/plain`, statistics as `text/csv`.
 */
export function saveTextFile(text: string, fileName: string, type = "text/plain"): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers, and none says when it has read
  // the blob: release it once it surely has.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, objectUrlLifetimeMs);
}
