import { Link } from "react-router";
import type { ResourceName } from "@anbox-dashboard/contract";
import { useMay } from "../../permissions/use-may.ts";
import { auditHistoryPath } from "../../util/audit-history-path.ts";

/**
 * "History": the Audit page filtered to what was done to this resource, for who may read the
 * audit trail (for the others it is a place they cannot go, like the navigation's Audit).
 */
export function AuditHistoryLink({ resource }: { resource: ResourceName }) {
  const { may, loaded } = useMay();
  if (!loaded || may("can_view_audit", "server") !== undefined) return null;
  return (
    <Link className="p-button u-no-margin--bottom" to={auditHistoryPath({ resource })}>
      History
    </Link>
  );
}
