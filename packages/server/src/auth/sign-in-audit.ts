import type { FastifyRequest } from "fastify";
import type { LoginErrorCode } from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import { recordAudit } from "../store/audit-log.ts";
import { requestFacts } from "../audit/request-facts.ts";

/** The login page, showing why the sign-in failed. */
export function loginErrorPath(code: LoginErrorCode): string {
  return `/login?error=${code}`;
}

/** Records a sign-in's outcome in the audit log (its detail cut to a reasonable length). */
export function auditSignIn(
  context: ServerContext,
  request: FastifyRequest,
  outcome: "success" | "failure",
  actor: string,
  detail: string,
  identityId = "",
  groups: readonly string[] = [],
): Promise<void> {
  return recordAudit(context.db, {
    action: "sign-in",
    outcome,
    actor,
    identityId,
    groups,
    ...requestFacts(request),
    detail: detail.slice(0, 300),
  });
}

/**
 * Audits a refused sign-in and answers where the browser goes: the login page, with the reason.
 * Not counted against any limit: no password is tried on the sign-in routes (the identity provider
 * checks and limits passwords), and any page can send its visitors there with a made-up state or
 * registration, so counting would let it lock them out.
 */
export async function refuseSignIn(
  context: ServerContext,
  request: FastifyRequest,
  code: LoginErrorCode,
  detail: string,
  actor = "",
): Promise<string> {
  await auditSignIn(context, request, "failure", actor, `${code}: ${detail}`);
  return loginErrorPath(code);
}
