import type { FastifyRequest } from "fastify";
import { textOf } from "@anbox-dashboard/http-kit";
import type { HeldGrant } from "../store/authorization-groups.ts";

/** What an audit entry says of the request it records: where from, which browser, which request. */
export function requestFacts(request: FastifyRequest): {
  address: string;
  userAgent: string;
  requestId: string;
} {
  // As the request arrived (request-audit.ts), else now: once its socket has closed (a client that
  // gave up, a beacon), the address is gone, and an entry without one would not be written.
  return {
    address: request.auditNote?.address ?? request.ip,
    userAgent: textOf(request.headers, "user-agent") ?? "",
    requestId: request.id,
  };
}

/**
 * Who acted in a signed-in request, as an entry names them: their e-mail, identity and the groups
 * whose permissions they held then (read by the decision gate); undefined when no one is signed in.
 */
export function whoActed(
  request: FastifyRequest,
): { actor: string; identityId: string; groups: string[] } | undefined {
  const user = request.user;
  if (user === null) return undefined;
  return {
    actor: user.email,
    identityId: user.id,
    groups: groupsThatApplied(request.access?.grants ?? []),
  };
}

/** The groups whose permissions the user held, each once, marked when the provider gave it. */
export function groupsThatApplied(grants: readonly HeldGrant[]): string[] {
  const groups = new Set<string>();
  for (const { grantedBy } of grants) {
    if ("group" in grantedBy) groups.add(groupLabel(grantedBy.group, grantedBy.fromProvider));
  }
  return [...groups].sort();
}

/** A group as an entry names it: `name`, or `name (from the identity provider)`. */
export function groupLabel(group: string, fromProvider = false): string {
  return fromProvider ? `${group} (from the identity provider)` : group;
}

/** Whole seconds from `iso` to now (a terminal open, a stream watched); never below 0. */
export function secondsSince(iso: string): number {
  return Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
}
