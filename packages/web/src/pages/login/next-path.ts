/**
 * Where to go after signing in: the path the user was sent away from (navigation state `from`),
 * else the root. Only same-origin paths are accepted.
 */
export function nextPathFrom(state: unknown): string {
  if (typeof state === "object" && state !== null && "from" in state) {
    const from = state.from;
    if (typeof from === "string" && from.startsWith("/") && !from.startsWith("//")) return from;
  }
  return "/";
}
