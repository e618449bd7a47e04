// The audit trail's API (issue 38): `GET /api/audit` (a page of entries, newest first) and
// `GET /api/audit/export?format=csv|jsonl` (every entry that matches, streamed), with the same
// filters, each refused with a message that names it.
import { z } from "zod";
import { commaListOf, pageQueryField, sizeQueryField } from "./list-query.ts";

/** How an audited act ended: done, refused by the permission check, or failed otherwise. */
export const auditOutcomes = ["success", "refused", "failure"] as const;
export type AuditOutcome = (typeof auditOutcomes)[number];

/** The formats the export writes: comma-separated values, or one JSON object per line. */
export const auditExportFormats = ["csv", "jsonl"] as const;
export type AuditExportFormat = (typeof auditExportFormats)[number];

/** The longest text a filter or the search takes (longer says nothing more, costs more). */
const filterMaxLength = 200;

function filterText(name: string) {
  return z
    .string({ message: `${name} must be given once` })
    .trim()
    .max(filterMaxLength, `${name} must be at most ${String(filterMaxLength)} characters`)
    .optional();
}

/** An instant as ISO 8601 with its offset (`2026-12-07T10:00:00Z`), kept as UTC ISO text. */
function instant(name: string) {
  return z
    .string({ message: `${name} must be given once` })
    .refine(
      (text) =>
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text) &&
        !Number.isNaN(Date.parse(text)),
      `${name} must be a date and time with its offset, like 2026-12-07T10:00:00Z`,
    )
    .transform((text) => new Date(text).toISOString())
    .optional();
}

/** The filters `GET /api/audit` and its export share; every one absent means every entry. */
const auditFilterFields = {
  /** Who acted: their identity id or e-mail address (or `cli`). */
  identity: filterText("identity"),
  /** What was done, as the entry names it (`sign-in`, `POST /api/instances`). */
  action: filterText("action"),
  /** What it was done to (`instance:lab/c1`), exactly. */
  resource: filterText("resource"),
  cluster: filterText("cluster"),
  outcome: commaListOf("outcome", auditOutcomes).optional(),
  /** From this instant on (included). */
  from: instant("from"),
  /** Before this instant (excluded). */
  to: instant("to"),
  /** Words to find in who, what, on what, the address or the detail. */
  q: filterText("q"),
};

/** The deepest page asked for (a million entries at 30 a page is 33,334 pages). */
const auditPageMax = 100_000;

export const auditListQuerySchema = z.object({
  ...auditFilterFields,
  page: pageQueryField.refine(
    (page) => page <= auditPageMax,
    `page must be at most ${String(auditPageMax)}`,
  ),
  size: sizeQueryField,
});
export type AuditListQuery = z.input<typeof auditListQuerySchema>;
export type AuditListParsed = z.output<typeof auditListQuerySchema>;
export type AuditFilter = Omit<AuditListParsed, "page" | "size">;

export const auditExportQuerySchema = z.object({
  ...auditFilterFields,
  format: z.enum(auditExportFormats, { message: "format must be csv or jsonl" }),
});
export type AuditExportParsed = z.output<typeof auditExportQuerySchema>;

/** One entry of the audit trail. Never holds a password, a token, a key or a cookie. */
export interface AuditEntry {
  id: string;
  /** When, as ISO 8601 in UTC. */
  at: string;
  /** The identity's id; empty for the command line or someone not signed in. */
  identity_id: string;
  /** Who acted: an e-mail address, `cli`, or what was typed at a failed sign-in. */
  actor: string;
  /** The groups that applied to them then (`name` or `name (from the identity provider)`). */
  groups: string[];
  action: string;
  /** What it acted on (`instance:lab/c1`, `group:testers`, `server`); empty when nothing. */
  resource: string;
  cluster: string;
  outcome: AuditOutcome;
  address: string;
  user_agent: string;
  /** The request's id, as its answer's `X-Request-Id` said. */
  request_id: string;
  /** What else is worth knowing: the status and message of the answer, the entitlement lacked. */
  detail: string;
}

export interface AuditListResponse {
  metadata: AuditEntry[];
  total_size: number;
}

/** The columns of the CSV export, in order (the entry's fields, groups joined by `;`). */
export const auditExportColumns = [
  "at",
  "identity_id",
  "actor",
  "groups",
  "action",
  "resource",
  "cluster",
  "outcome",
  "address",
  "user_agent",
  "request_id",
  "detail",
] as const satisfies readonly (keyof AuditEntry)[];
