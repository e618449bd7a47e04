import { safeNextPath } from "@anbox-dashboard/contract";

/**
 * Where to go after signing in: the path the user was sent away from (navigation state `from`),
 * else the `next` of the login page's own address (`/login?next=/instances/new`), else the root.
 * Only paths on this dashboard are kept, by the rule the server applies to `/api/login?next=`.
 */
export function nextPathFrom(state: unknown, search: string): string {
  if (typeof state === "object" && state !== null && "from" in state) {
    return safeNextPath(state.from);
  }
  return safeNextPath(new URLSearchParams(search).get("next") ?? undefined);
}
