/** One file of every log: each under a header naming it, as `tail` prints several files. */
export function combineLogs(logs: readonly { name: string; text: string }[]): string {
  return logs
    .map(({ name, text }) => `==> ${name} <==\n${text}${text.endsWith("\n") ? "" : "\n"}`)
    .join("\n");
}

/** `{instance}-logs.txt`. */
export function allLogsFileName(instanceName: string): string {
  return `${instanceName}-logs.txt`;
}
