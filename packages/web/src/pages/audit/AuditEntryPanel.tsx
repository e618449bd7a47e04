import { Link } from "react-router";
import type { AuditRow } from "../../api/audit.ts";
import { Fact } from "../../components/detail/Fact.tsx";
import { SidePanel } from "../../components/side-panel/SidePanel.tsx";
import { absoluteTime } from "../../util/format-time.ts";
import { AuditOutcomeLabel } from "./audit-columns.tsx";
import { auditHistoryPath } from "../../util/audit-history-path.ts";

/**
 * One entry of the audit trail, whole: every field it holds, and links to the history of who
 * acted and of what they acted on. Escape closes it, the focus back on the row's Details.
 */
export function AuditEntryPanel({ entry, onClose }: { entry: AuditRow; onClose: () => void }) {
  return (
    <SidePanel id="audit-entry-panel" title="Audit entry" onClose={onClose} placement="over-page">
      <dl className="facts facts--narrow">
        <Fact label="When">
          <time dateTime={entry.at}>{absoluteTime(entry.at)}</time>
        </Fact>
        <Fact label="Who">
          {entry.actor || "Someone not signed in"}
          {entry.identity_id !== "" && (
            <>
              {" "}
              (<Link to={auditHistoryPath({ identity: entry.identity_id })}>all they did</Link>)
            </>
          )}
        </Fact>
        <Fact label="Groups">{entry.groups.length > 0 ? entry.groups.join(", ") : "None"}</Fact>
        <Fact label="Action">
          <code>{entry.action}</code>
        </Fact>
        <Fact label="Resource">
          {entry.resource === "" ? (
            "None"
          ) : (
            <>
              <code>{entry.resource}</code> (
              <Link to={auditHistoryPath({ resource: entry.resource })}>its history</Link>)
            </>
          )}
        </Fact>
        <Fact label="Cluster">{entry.cluster || "None"}</Fact>
        <Fact label="Outcome">
          <AuditOutcomeLabel outcome={entry.outcome} />
        </Fact>
        <Fact label="Detail">{entry.detail || "None"}</Fact>
        <Fact label="Address">{entry.address || "Unknown"}</Fact>
        <Fact label="Browser">{entry.user_agent || "Unknown"}</Fact>
        <Fact label="Request">
          <code>{entry.request_id || "None"}</code>
        </Fact>
      </dl>
    </SidePanel>
  );
}
