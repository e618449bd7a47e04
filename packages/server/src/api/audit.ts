import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import {
  auditExportColumns,
  auditExportQuerySchema,
  auditListQuerySchema,
  type AuditEntry,
  type AuditExportFormat,
  type AuditFilter,
  type AuditListResponse,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import type { Database } from "../store/database.ts";
import { acts } from "../auth/route-acts.ts";
import { parseInput } from "../input/parse-input.ts";
import { withoutEmptyValues } from "../input/query-values.ts";
import { exportAudit, listAudit, type AuditIdentity } from "../store/audit-log.ts";
import { findUserByEmail, findUserById } from "../store/users.ts";

/**
 * The audit trail (issue 38), for who holds `can_view_audit` on the server:
 * - `GET /api/audit?identity=&action=&resource=&cluster=&outcome=&from=&to=&q=&page=&size=`: a
 *   page of the entries that match, newest first, and how many match.
 * - `GET /api/audit/export?format=csv|jsonl&...`: every entry that matches, newest first, streamed
 *   as it is read (a million entries export in the memory of a few hundred).
 */
export function registerAuditRoutes(app: FastifyInstance, context: ServerContext): void {
  const viewAudit = acts.onServer("can_view_audit");
  app.get(
    "/api/audit",
    { config: { acts: viewAudit } },
    async (request): Promise<AuditListResponse> => {
      const query = parseInput(
        auditListQuerySchema,
        withoutEmptyValues(request.query),
        "audit query",
      );
      const { page, size, ...filter } = query;
      const { entries, total } = await listAudit(
        context.db,
        filter,
        await identitiesNamed(context.db, filter),
        { page, size },
      );
      return { metadata: entries, total_size: total };
    },
  );

  app.get("/api/audit/export", { config: { acts: viewAudit } }, async (request, reply) => {
    const { format, ...filter } = parseInput(
      auditExportQuerySchema,
      withoutEmptyValues(request.query),
      "audit export query",
    );
    const entries = exportAudit(context.db, filter, await identitiesNamed(context.db, filter));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header("content-type", format === "csv" ? "text/csv; charset=utf-8" : "application/jsonl")
      .header("content-disposition", `attachment; filename="audit-${day}.${format}"`)
      .header("cache-control", "no-store")
      .send(Readable.from(exportLines(entries, format)));
  });
}

/**
 * Who the `identity` filter names: an identity by id or e-mail address, whose entries are found by
 * its id and as failed sign-ins spelt its address; else (`cli`, what a failed sign-in typed) the
 * entries that spell who acted so.
 */
async function identitiesNamed(
  db: Database,
  filter: AuditFilter,
): Promise<AuditIdentity | undefined> {
  const named = filter.identity;
  if (named === undefined || named === "") return undefined;
  const user = (await findUserById(db, named)) ?? (await findUserByEmail(db, named));
  // A failed sign-in keeps the address as typed, lowered.
  if (user === undefined) return { ids: [], actors: [...new Set([named, named.toLowerCase()])] };
  return { ids: [user.id], actors: [user.email] };
}

async function* exportLines(
  entries: AsyncGenerator<AuditEntry>,
  format: AuditExportFormat,
): AsyncGenerator<string> {
  if (format === "csv") yield `${auditExportColumns.join(",")}\r\n`;
  for await (const entry of entries) {
    yield format === "csv" ? `${csvRow(entry)}\r\n` : `${JSON.stringify(entry)}\n`;
  }
}

function csvRow(entry: AuditEntry): string {
  return auditExportColumns
    .map((column) => csvField(column === "groups" ? entry.groups.join(";") : entry[column]))
    .join(",");
}

/**
 * One CSV field: quoted when it holds a comma, a quote or a line break; and a text a spreadsheet
 * would run as a formula (`=`, `+`, `-`, `@`, a tab or carriage return first: what a failed
 * sign-in typed may be anything) is kept as text with a leading `'` (OWASP's advice).
 */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
