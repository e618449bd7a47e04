import { createInterface } from "node:readline/promises";

/** Asks a yes/no question at the terminal; anything but "y" or "yes" is no. */
export async function askYesNo(question: string): Promise<boolean> {
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await terminal.question(question);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    terminal.close();
  }
}
