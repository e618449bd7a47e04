import type { ReactNode } from "react";
import type { UnreachableCluster } from "@anbox-dashboard/contract";
import { EmptyState } from "../page-layout/EmptyState.tsx";
import type { Noun } from "./count-noun.ts";
import type { EmptyReason } from "./empty-reason.ts";

interface Props {
  reason: EmptyReason;
  noun: Noun;
  /** The list has nothing yet: what the user can do about it (a title, a sentence, a link). */
  none: { title: string; children: ReactNode };
  onClearFilters: () => void;
  onFirstPage: () => void;
  /**
   * The clusters that did not answer, as the list's answer names them (UnreachableClustersNotice
   * shows them): while there are any, "yet" may be untrue.
   */
  unreachable?: readonly UnreachableCluster[] | undefined;
}

/** An empty list says why, and offers the way out: create one, clear the filters, go back. */
export function ListEmptyState({
  reason,
  noun,
  none,
  onClearFilters,
  onFirstPage,
  unreachable = [],
}: Props) {
  if (reason === "none") {
    const title =
      unreachable.length > 0 ? `No ${noun.other} on the clusters that answer` : none.title;
    return <EmptyState title={title}>{none.children}</EmptyState>;
  }
  if (reason === "no-match") {
    return (
      <EmptyState title={`No ${noun.one} matches`}>
        <p>No {noun.one} matches the search and filters.</p>
        <button type="button" className="p-button" onClick={onClearFilters}>
          Clear filters
        </button>
      </EmptyState>
    );
  }
  return (
    <EmptyState title="Nothing on this page">
      <p>The list has become shorter since this page was opened.</p>
      <button type="button" className="p-button" onClick={onFirstPage}>
        Go to the first page
      </button>
    </EmptyState>
  );
}
