import type { AuditOutcome, AuditRow } from "../../api/audit.ts";
import type { ColumnContext } from "../../components/list/ResourceList.tsx";
import { breakableText } from "../../components/table/breakable-text.tsx";
import type { TableColumn } from "../../components/table/table-column.ts";
import { timeCell } from "../../components/table/time-cell.tsx";

/** A row's one action: its detail in the side panel. */
export type AuditRowAction = "open";

export type AuditColumn = TableColumn<AuditRow, "at">;

const outcomeLabels: Record<AuditOutcome, { className: string; text: string }> = {
  success: { className: "p-status-label--positive", text: "Done" },
  refused: { className: "p-status-label--caution", text: "Refused" },
  failure: { className: "p-status-label--negative", text: "Failed" },
};

export function AuditOutcomeLabel({ outcome }: { outcome: AuditOutcome }) {
  const { className, text } = outcomeLabels[outcome];
  return <span className={className}>{text}</span>;
}

/**
 * The columns of the audit trail: when, who, what and how it ended always show, with the detail
 * button; then what it acted on, the address and the cluster give way as the width shrinks.
 */
export function auditColumns({
  showCluster,
  onAction,
}: ColumnContext<AuditRow, AuditRowAction>): AuditColumn[] {
  const columns: AuditColumn[] = [
    { id: "at", header: "When", cell: (entry) => timeCell(entry.at), priority: 0, minWidth: 10 },
    {
      id: "actor",
      header: "Who",
      cell: (entry) => breakableText(entry.actor || "someone not signed in"),
      priority: 0,
      minWidth: 9,
      grow: 2,
    },
    {
      id: "action",
      header: "Action",
      cell: (entry) => breakableText(entry.action),
      priority: 0,
      minWidth: 10,
      grow: 2,
      rowHeader: true,
    },
    {
      id: "resource",
      header: "Resource",
      cell: (entry) => (entry.resource === "" ? null : breakableText(entry.resource)),
      priority: 1,
      minWidth: 10,
      grow: 2,
    },
    {
      id: "outcome",
      header: "Outcome",
      cell: (entry) => <AuditOutcomeLabel outcome={entry.outcome} />,
      priority: 0,
      minWidth: 7,
    },
    { id: "address", header: "Address", cell: (entry) => entry.address, priority: 3, minWidth: 8 },
    {
      id: "details",
      header: "Details",
      cell: (entry) => (
        <button
          type="button"
          className="p-button--base is-small u-no-margin--bottom"
          aria-label={`Details of ${entry.action} by ${entry.actor || "someone"}`}
          onClick={() => {
            onAction(entry, "open");
          }}
        >
          Details
        </button>
      ),
      priority: 0,
      minWidth: 5.5,
      unlabelledInCards: true,
    },
  ];
  if (showCluster) {
    columns.splice(4, 0, {
      id: "cluster",
      header: "Cluster",
      cell: (entry) => entry.cluster,
      priority: 2,
      minWidth: 7,
    });
  }
  return columns;
}
