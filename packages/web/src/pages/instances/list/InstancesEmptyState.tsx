import { Link } from "react-router";
import { EmptyState } from "../../../components/page-layout/EmptyState.tsx";

/** The list is empty: nothing at all yet, nothing matching the filters, or a page past the end. */
export function InstancesEmptyState({
  reason,
  onClearFilters,
  onFirstPage,
}: {
  reason: "none" | "no-match" | "past-end";
  onClearFilters: () => void;
  onFirstPage: () => void;
}) {
  if (reason === "none") {
    return (
      <EmptyState title="No instances yet">
        <p>Instances run your applications and images, and can be streamed.</p>
        <Link className="p-button--positive" to="/instances/new">
          Create instance
        </Link>
      </EmptyState>
    );
  }
  if (reason === "no-match") {
    return (
      <EmptyState title="No instance matches">
        <p>No instance matches the search and filters.</p>
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
