import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { clusterOf, isResourceName } from "@anbox-dashboard/contract";
import { textOf } from "@anbox-dashboard/http-kit";
import type { Database } from "../store/database.ts";
import { recordAudit } from "../store/audit-log.ts";
import { PermissionRefusal } from "../auth/access.ts";
import { noteAudit } from "./audit-note.ts";
import { matchedRouteAccess } from "../auth/route-access.ts";
import { requestFacts, whoActed } from "./request-facts.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * `false`: a state-changing route whose success is not an act to record (a stream page's
     * word that it still plays); its refusals still are.
     */
    audit?: boolean;
  }
}

const readingMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** The longest answer read for its message: an error answer is a few hundred bytes. */
const messageReadMaxBytes = 4096;

/**
 * Records, before its answer is sent (so that an answered request is never lost to a crash),
 * every state-changing request to a signed-in route (not a POST that declares it only reads),
 * whatever its outcome, and every request the permission check refused, reads included: who (their identity and the groups that applied),
 * the action (`METHOD /route`, or the name the route noted), the resource and cluster, the
 * outcome, the address, the user agent and the request's id (also sent as `X-Request-Id`, so
 * that a user can quote it). Public routes (sign-in, registration) record their own entries,
 * with what only they know; a replayed answer (http/idempotent-routes.ts) is not a new act.
 * Nothing of a request's body is written: only its route, and the answer's status and message.
 */
export function registerRequestAudit(
  app: FastifyInstance,
  db: Database,
  { record }: { record: boolean },
): void {
  app.decorateRequest("auditNote", null);
  app.addHook("onRequest", async (request, reply) => {
    void reply.header("x-request-id", request.id);
    noteAudit(request, { address: request.ip });
  });
  // Off only to measure what recording costs (AUDIT_RECORDING=off).
  if (!record) return;
  // A route that decided on what it found refused it (Access.require).
  app.addHook("onError", async (request, _reply, error) => {
    if (error instanceof PermissionRefusal) noteAudit(request, { refused: true });
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (!audited(request, reply)) return payload;
    const who = whoActed(request);
    if (who === undefined) return payload;
    const note = request.auditNote ?? {};
    const status = reply.statusCode;
    const resource = note.resource ?? "";
    const message = status >= 400 ? withoutRequestSecrets(messageOf(payload), request) : "";
    const viewing = request.user?.viewAs;
    // A failed write is logged, not answered: the change it records is done already, and a 500
    // would have its client try it again.
    await recordAudit(db, {
      action: note.action ?? `${request.method} ${request.routeOptions.url ?? request.url}`,
      outcome: note.refused === true ? "refused" : status < 400 ? "success" : "failure",
      ...who,
      resource,
      cluster: note.cluster ?? clusterNamed(request, resource),
      ...requestFacts(request),
      detail: [
        String(status),
        message,
        note.detail ?? "",
        viewing === undefined ? "" : `viewing as ${viewing.email}`,
      ]
        .filter((part) => part !== "")
        .join(" · "),
    }).catch((error: unknown) => {
      request.log.error({ err: error }, "The audit entry of this request could not be written");
    });
    return payload;
  });
}

/** Whether a request makes an entry here: see `registerRequestAudit`. */
function audited(request: FastifyRequest, reply: FastifyReply): boolean {
  if (matchedRouteAccess(request) !== "session") return false;
  if (reply.getHeader("idempotent-replayed") === "true") return false;
  if (request.auditNote?.refused === true) return true;
  if (request.routeOptions.config.audit === false) return false;
  // A POST that changes nothing (an events token) says so for "view as" too (auth/view-as.ts).
  const reads =
    readingMethods.has(request.method) || request.routeOptions.config.whileViewingAs === "reads";
  return !reads;
}

/** The cluster of the resource, else the one the request names. */
function clusterNamed(request: FastifyRequest, resource: string): string {
  const ofResource = isResourceName(resource) ? clusterOf(resource) : undefined;
  return ofResource ?? textOf(request.query, "clusterId") ?? "";
}

/** The message of an error answer (`{status, error, message}`), if it is one. */
function messageOf(payload: unknown): string {
  if (typeof payload !== "string" || payload.length > messageReadMaxBytes) return "";
  try {
    const body: unknown = JSON.parse(payload);
    return typeof body === "object" && body !== null && "message" in body
      ? String(body.message)
      : "";
  } catch {
    return "";
  }
}

/** The path and query parameters that carry a secret: a share link's key, an exec's secret. */
const secretParameter = /token|secret|key|password/i;

/**
 * The message without any secret the request carried in its path or query (a share link's key,
 * an operation's secret): a cluster's refusal may quote what it was asked, and nothing typed as a
 * secret may reach the trail. Ids stay: a refusal naming `instance:lab/c1` says what it was about.
 */
export function withoutRequestSecrets(message: string, request: FastifyRequest): string {
  const secrets = [request.params, request.query].flatMap((record) =>
    typeof record === "object" && record !== null
      ? Object.entries(record).flatMap(([name, value]) =>
          secretParameter.test(name) && typeof value === "string" && value !== "" ? [value] : [],
        )
      : [],
  );
  return secrets.reduce((text, value) => text.replaceAll(value, "…"), message);
}
