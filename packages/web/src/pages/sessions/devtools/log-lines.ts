/** A log's lines that contain `search` (any case), and how many lines it has in all. */
export function matchingLines(text: string, search: string): { lines: string[]; total: number } {
  const all = text === "" ? [] : text.replace(/\n$/, "").split("\n");
  const wanted = search.trim().toLowerCase();
  if (wanted === "") return { lines: all, total: all.length };
  return { lines: all.filter((line) => line.toLowerCase().includes(wanted)), total: all.length };
}
