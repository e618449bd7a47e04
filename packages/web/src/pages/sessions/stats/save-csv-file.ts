/** How long a saved file's object URL lives: the browser reads it after the click, unannounced. */
const objectUrlLifetimeMs = 60_000;

/** Saves CSV text as a file through the browser's download (a Blob behind an object URL). */
export function saveCsvFile(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers: release the blob once surely read.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, objectUrlLifetimeMs);
}

/** `stream-statistics-2025-01-02T03-04-05Z.csv`: the time of the download, safe in file names. */
export function statsCsvFileName(time: number): string {
  const stamp = new Date(time)
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
  return `stream-statistics-${stamp}.csv`;
}
