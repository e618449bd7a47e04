import { ApiError } from "../api/api-fetch.ts";

/** What the shell does when the session info cannot be loaded (SPEC section 8). */
export type RootErrorOutcome =
  { kind: "login" } | { kind: "forbidden" } | { kind: "message"; title: string; message: string };

export function rootErrorOutcome(error: unknown): RootErrorOutcome {
  if (error instanceof ApiError) {
    if (error.status === 401) return { kind: "login" };
    if (error.status === 403) return { kind: "forbidden" };
    if (error.status === 500) {
      return {
        kind: "message",
        title: "Server Error. An error occurred while processing your request.",
        message: error.message,
      };
    }
    return { kind: "message", title: `Error ${error.status}`, message: error.message };
  }
  const message = error instanceof Error ? error.message : "";
  return { kind: "message", title: "Error", message };
}
