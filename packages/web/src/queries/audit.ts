import { fetchAuditPage, type AuditPageRequest } from "../api/audit.ts";
import { queryKeys } from "../context/query-keys.ts";
import { pagedList } from "./paged-list.ts";

/** A page of the audit trail, as the server filtered and paged it (the previous one stays on screen). */
export const useAuditPage = pagedList<AuditPageRequest, Awaited<ReturnType<typeof fetchAuditPage>>>(
  { key: queryKeys.auditPage, fetch: fetchAuditPage },
).usePage;
