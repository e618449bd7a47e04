import { auditOutcomes } from "@anbox-dashboard/contract";
import { ListFilters } from "../../components/list/filters/ListFilters.tsx";
import { TextFilter } from "../../components/list/filters/TextFilter.tsx";
import {
  AnyOfFilter,
  type FilterBarList,
} from "../../components/list/filters/list-filter-fields.tsx";
import type { AuditFilterKey } from "./audit-list-source.ts";

const outcomeOptions = [
  { value: "success", label: "Done" },
  { value: "refused", label: "Refused by a permission" },
  { value: "failure", label: "Failed" },
];

/**
 * The audit trail's filters, all in the URL: a search (sent on Enter: it reads every entry), who,
 * what, on what, which cluster, how it ended and when. Exact-match fields apply on Enter or on
 * leaving them, not while half-typed.
 */
export function AuditFilterBar({ list }: { list: FilterBarList<AuditFilterKey> }) {
  const urlValue = (key: AuditFilterKey) => list.params.filters[key]?.[0] ?? "";
  const field = (
    key: AuditFilterKey,
    label: string,
    placeholder?: string,
    type: "text" | "search" | "datetime-local" = "text",
  ) => (
    <TextFilter
      label={label}
      type={type}
      filterKey={key}
      value={urlValue(key)}
      onFilter={list.setFilter}
      placeholder={placeholder}
    />
  );
  return (
    <ListFilters
      label="Filter the audit trail"
      list={list}
      more={
        <>
          {field("identity", "Who", "E-mail or identity id")}
          {field("action", "Action", "sign-in, POST /api/instances")}
          {field("resource", "Resource", "instance:default/…")}
          {field("cluster", "Cluster", "Cluster id")}
          <AnyOfFilter
            list={list}
            filterKey="outcome"
            label="Outcome"
            legend="Outcomes to list"
            anyLabel="Any outcome"
            options={outcomeOptions}
            values={auditOutcomes}
          />
          {field("from", "From", undefined, "datetime-local")}
          {field("to", "Until", undefined, "datetime-local")}
        </>
      }
    >
      {field("search", "Search", "Words to find, then Enter", "search")}
    </ListFilters>
  );
}
