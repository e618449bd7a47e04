/** What a list holds, for the phrases that count it: `{ one: "instance", other: "instances" }`. */
export interface Noun {
  one: string;
  other: string;
}

const numbers = new Intl.NumberFormat();

/** A number in the reader's locale: "10,000". */
export function formatCount(count: number): string {
  return numbers.format(count);
}

/** "1 instance", "1,000 instances". */
export function countOf(noun: Noun, count: number): string {
  return `${formatCount(count)} ${count === 1 ? noun.one : noun.other}`;
}
