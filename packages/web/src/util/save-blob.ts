/** How long a saved file's object URL lives: the browser reads it after the click, unannounced. */
const objectUrlLifetimeMs = 60_000;

/** Saves a Blob as a file through the browser's download (an object URL behind a link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
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
