import type {
  AuditEntry,
  AuditExportFormat,
  AuditListResponse,
  AuditOutcome,
} from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";
import { apiUrl, joinedParam, type QueryParams } from "./api-url.ts";

export type { AuditEntry, AuditExportFormat, AuditOutcome };

/** An entry as the list shows it: its cluster where the list kit looks for one. */
export type AuditRow = AuditEntry & { clusterId: string };

/** What the Audit page filters by (every one absent: every entry). */
export interface AuditFilterRequest {
  identity?: string;
  action?: string;
  resource?: string;
  cluster?: string;
  outcome?: readonly AuditOutcome[];
  /** From this instant (ISO 8601 with its offset). */
  from?: string;
  /** Before this instant. */
  to?: string;
  q?: string;
}

/** A page of the audit trail to ask for. */
export interface AuditPageRequest extends AuditFilterRequest {
  page: number;
  size: number;
}

function filterParams(filter: AuditFilterRequest): QueryParams {
  return {
    identity: filter.identity,
    action: filter.action,
    resource: filter.resource,
    cluster: filter.cluster,
    outcome: joinedParam(filter.outcome),
    from: filter.from,
    to: filter.to,
    q: filter.q,
  };
}

/** `GET /api/audit`: a page of the entries that match, newest first, and how many match. */
export async function fetchAuditPage(
  request: AuditPageRequest,
  signal?: AbortSignal,
): Promise<{ metadata: AuditRow[]; total_size: number }> {
  const page = await apiFetch<AuditListResponse>("/api/audit", {
    signal,
    params: { ...filterParams(request), page: request.page, size: request.size },
  });
  return {
    metadata: page.metadata.map((entry) => ({ ...entry, clusterId: entry.cluster })),
    total_size: page.total_size,
  };
}

/** The address of `GET /api/audit/export` for these filters: a download, not a fetch. */
export function auditExportHref(filter: AuditFilterRequest, format: AuditExportFormat): string {
  const url = apiUrl({ path: "/api/audit/export", params: { ...filterParams(filter), format } });
  return `${url.pathname}${url.search}`;
}
