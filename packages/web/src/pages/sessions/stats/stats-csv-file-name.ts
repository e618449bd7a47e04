/** `stream-statistics-2025-01-02T03-04-05Z.csv`: the time of the download, safe in file names. */
export function statsCsvFileName(time: number): string {
  const stamp = new Date(time)
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
  return `stream-statistics-${stamp}.csv`;
}
