import { useSearchParams } from "react-router";
import { auditExportHref } from "../../api/audit.ts";
import { readListParams } from "../../components/list/url/list-params.ts";
import { EmptyState } from "../../components/page-layout/EmptyState.tsx";
import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import { useMay } from "../../permissions/use-may.ts";
import { auditFilterOf, auditListSpec } from "./audit-list-source.ts";
import { readListQuery } from "../../components/list/url/list-query.ts";
import { AuditList } from "./AuditList.tsx";

/**
 * `/audit`: who did what, when, on what, and how it ended, for who holds `can_view_audit`; the
 * entries the filters find export as CSV or JSON lines (downloads the server streams).
 */
export default function AuditPage() {
  const { may, loaded } = useMay();
  const refused = may("can_view_audit", "server");
  const [search] = useSearchParams();
  // The export takes the filters the list shows.
  const filter = auditFilterOf(readListQuery(auditListSpec, readListParams(search)));
  return (
    <PageLayout
      title="Audit"
      controls={
        loaded && refused === undefined ? (
          <>
            <a className="p-button" href={auditExportHref(filter, "csv")} download>
              Export CSV
            </a>
            <a className="p-button" href={auditExportHref(filter, "jsonl")} download>
              Export JSON lines
            </a>
          </>
        ) : undefined
      }
    >
      {/* RequireSession has the permissions first in the app; a test may not. */}
      {!loaded ? (
        <PageLoader />
      ) : refused === undefined ? (
        <AuditList />
      ) : (
        <EmptyState title="You may not read the audit trail">
          <p>{refused}</p>
        </EmptyState>
      )}
    </PageLayout>
  );
}
