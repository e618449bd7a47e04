import type { FastifyRequest } from "fastify";
import type { AuditAction } from "../store/audit-log.ts";

/** What a route or the decision gate says of a request, for its audit entry (request-audit.ts). */
export interface AuditNote {
  /** The action's name, where `METHOD /route` would say less (`view-as-started`). */
  action?: AuditAction;
  /** What it acted on (`instance:lab/c1`). */
  resource?: string;
  cluster?: string;
  detail?: string;
  /** Refused by the permission check (the decision gate, or a route deciding on what it found). */
  refused?: boolean;
  /** Where the request came from, read as it arrived (a client gone by the answer leaves none). */
  address?: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** What the route and the decision gate noted for the audit trail (`noteAudit`). */
    auditNote: AuditNote | null;
  }
}

/** Adds to what the request's audit entry will say. */
export function noteAudit(request: FastifyRequest, note: AuditNote): void {
  request.auditNote = { ...request.auditNote, ...note };
}
