import { auditOutcomes } from "@anbox-dashboard/contract";
import type { AuditFilterRequest, AuditPageRequest } from "../../api/audit.ts";
import {
  filterValue,
  filterValues,
  type ListQuery,
  type ListSpec,
} from "../../components/list/url/list-query.ts";
import type { ListSource } from "../../components/list/url/use-list-url-state.ts";

/** The audit trail reads newest first, and only so: a year of entries has no other useful order. */
type AuditSortKey = "at";

/** The filters of the Audit page, by their URL name (`filter.identity=ada@example.com`). */
export type AuditFilterKey =
  "search" | "identity" | "action" | "resource" | "cluster" | "outcome" | "from" | "to";

const text = { kind: "text", maxLength: 200 } as const;

export const auditListSpec: ListSpec<AuditSortKey, AuditFilterKey> = {
  sortKeys: ["at"],
  defaultSort: "at",
  defaultOrder: () => "desc",
  filters: {
    search: text,
    identity: text,
    action: text,
    resource: text,
    cluster: text,
    outcome: { kind: "any-of", values: auditOutcomes },
    from: text,
    to: text,
  },
};

type AuditListQuery = ListQuery<AuditSortKey, AuditFilterKey>;

/**
 * An instant as the server takes it, from what a date-and-time field holds (`2026-12-07T10:00`,
 * this browser's time): undefined when it is not one.
 */
export function instantOf(local: string | undefined): string | undefined {
  if (local === undefined || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return undefined;
  const time = new Date(local).getTime();
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** The filters the URL describes, as `GET /api/audit` and its export take them. */
export function auditFilterOf(query: AuditListQuery): AuditFilterRequest {
  const request: AuditFilterRequest = {};
  for (const key of ["identity", "action", "resource", "cluster"] as const) {
    const value = filterValue(query, key);
    if (value !== undefined) request[key] = value;
  }
  // The quick search's place in the URL is every list's (`filter.search`); the API calls it `q`.
  const search = filterValue(query, "search");
  if (search !== undefined) request.q = search;
  const outcome = filterValues(query, "outcome", auditOutcomes);
  if (outcome.length > 0) request.outcome = outcome;
  const from = instantOf(filterValue(query, "from"));
  if (from !== undefined) request.from = from;
  const to = instantOf(filterValue(query, "to"));
  if (to !== undefined) request.to = to;
  return request;
}

/** The request of `GET /api/audit` for the page the URL describes. */
export function auditRequestOf(query: AuditListQuery): AuditPageRequest {
  return { ...auditFilterOf(query), page: query.page, size: query.size };
}

/** Where the Audit page's pages come from (its search is sent on Enter: it reads every entry). */
export const auditListSource: ListSource<AuditSortKey, AuditFilterKey, AuditPageRequest> = {
  spec: auditListSpec,
  toRequest: auditRequestOf,
};
