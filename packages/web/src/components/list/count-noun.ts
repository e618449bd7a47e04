/** What a list holds, for the phrases that count it: `{ one: "instance", other: "instances" }`. */
export interface Noun {
  one: string;
  other: string;
}

/**
 * A whole number with its thousands grouped as the dashboard's English words write them:
 * "10,000". Not `Intl.NumberFormat`: the first one a page makes loads the browser's locale data,
 * about 10 ms on the way to a list's first paint (bench/nodes-page.bench.ts).
 */
export function formatCount(count: number): string {
  const sign = count < 0 ? "-" : "";
  const digits = String(Math.trunc(Math.abs(count)));
  return sign + digits.replace(/\B(?=(\d{3})+$)/g, ",");
}

/** "1 instance", "1,000 instances". */
export function countOf(noun: Noun, count: number): string {
  return `${formatCount(count)} ${count === 1 ? noun.one : noun.other}`;
}
