import { useMemo, useState } from "react";
import { useLocation } from "react-router";
import type { AuditPageRequest, AuditRow } from "../../api/audit.ts";
import {
  ResourceList,
  type ResourceListDeclaration,
  type RowActions,
} from "../../components/list/ResourceList.tsx";
import { useAuditPage } from "../../queries/audit.ts";
import { auditColumns, type AuditRowAction } from "./audit-columns.tsx";
import { auditListSource, type AuditFilterKey } from "./audit-list-source.ts";
import { AuditEntryPanel } from "./AuditEntryPanel.tsx";
import { AuditFilterBar } from "./AuditFilterBar.tsx";

/**
 * The audit trail, a page at a time, newest first: its filters and page live in the URL, the
 * server filters and pages. An entry's Details opens it whole in a side panel.
 */
const auditList: ResourceListDeclaration<
  AuditRow,
  "at",
  AuditFilterKey,
  AuditPageRequest,
  AuditRowAction
> = {
  label: "Audit trail",
  noun: { one: "entry", other: "entries" },
  source: auditListSource,
  usePage: useAuditPage,
  rowKey: (entry) => entry.id,
  defaultOrder: () => "desc",
  columns: auditColumns,
  filters: (list) => <AuditFilterBar list={list} />,
  updatingKey: ["audit", "page"],
  empty: {
    title: "Nothing recorded yet",
    children: (
      <p>
        Sign-ins, every change made through the dashboard and every refusal of a permission are
        recorded here.
      </p>
    ),
  },
};

export function AuditList() {
  // The entry open, with the filters it was opened under: a link of its panel that changes them
  // (its identity's or resource's history) closes it over the new list.
  const { search } = useLocation();
  const [open, setOpen] = useState<{ entry: AuditRow; search: string }>();
  const rowActions = useMemo<RowActions<AuditRow, AuditRowAction>>(
    () => ({
      runAtOnce: (entry) => {
        setOpen({ entry, search });
        return true;
      },
    }),
    [search],
  );
  return (
    <>
      <ResourceList declaration={auditList} rowActions={rowActions} />
      {open?.search === search && (
        <AuditEntryPanel
          entry={open.entry}
          onClose={() => {
            setOpen(undefined);
          }}
        />
      )}
    </>
  );
}
