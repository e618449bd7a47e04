/** What went wrong, in one line for the stream's log: an error's message, or the value itself. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
