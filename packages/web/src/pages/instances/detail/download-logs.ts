/** One file of every log: each under a header naming it, as `tail` prints several files. */
export function combineLogs(logs: readonly { name: string; text: string }[]): string {
  return logs
    .map(({ name, text }) => `==> ${name} <==\n${text}${text.endsWith("\n") ? "" : "\n"}`)
    .join("\n");
}

/** How long a saved file's object URL lives: the browser reads it after the click, unannounced. */
const objectUrlLifetimeMs = 60_000;

/** Saves text as a file through the browser's download (a Blob behind an object URL). */
export function saveTextFile(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
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

/** `{instance}-logs.txt`. */
export function allLogsFileName(instanceName: string): string {
  return `${instanceName}-logs.txt`;
}
