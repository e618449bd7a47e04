import type { Entitlement, Grant, ResourceName } from "./entitlements.ts";

export type Decision = { allowed: true } | { allowed: false; missing: string };

/** The cluster a resource lives in (`lab` for `instance:lab/c1` and `cluster:lab`), if any. */
function clusterOf(resource: ResourceName): string | undefined {
  if (resource === "server") return undefined;
  const [kind, rest = ""] = splitOnce(resource, ":");
  return kind === "cluster" ? rest : splitOnce(rest, "/")[0];
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** Whether a grant on `holder` reaches `resource`: the same one, or a server or cluster around it. */
function covers(holder: ResourceName, resource: ResourceName): boolean {
  if (holder === resource || holder === "server") return true;
  return holder.startsWith("cluster:") && holder === `cluster:${clusterOf(resource) ?? ""}`;
}

/**
 * The one place access is decided: whether these grants allow `action` on `resource`. `admin`
 * allows every action on what it covers; any other entitlement allows itself. A refusal says what
 * was missing, as a 403's message names it ("needs can_delete on instance:lab/c1").
 */
export function decide(
  grants: readonly Grant[],
  action: Entitlement,
  resource: ResourceName,
): Decision {
  const allowed = grants.some(
    (grant) =>
      (grant.entitlement === action || grant.entitlement === "admin") &&
      covers(grant.resource, resource),
  );
  return allowed ? { allowed } : { allowed, missing: `needs ${action} on ${resource}` };
}
