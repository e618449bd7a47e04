import { instanceTypes, type InstanceStatus } from "@anbox-dashboard/contract";
import { useId } from "react";
import type { ListFilters } from "../../../util/list-params.ts";
import { singleFilter, statusFilter, type InstanceFilterKey } from "./list-request.ts";
import { StatusFilter } from "./StatusFilter.tsx";
import { TextFilter } from "./TextFilter.tsx";

/**
 * How long the search waits after a keystroke before asking the server: not at all. The server
 * answers a page in a few milliseconds and the request of an older search is cancelled when a
 * newer one starts, so the table follows the typing (`useListFilter`,
 * bench/instances-page.bench.ts).
 */
export const searchDebounceMs = 0;

interface Props {
  filters: ListFilters;
  onFilter: (key: InstanceFilterKey, values: readonly string[]) => void;
  onClear: () => void;
  /** Whether any filter narrows the list ("Clear filters" is offered then). */
  filtered: boolean;
}

/** Tags are written one per `filter.tag`, typed comma-separated (a tag has no comma). */
function splitTags(text: string): string[] {
  return text
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag !== "");
}

/**
 * Search by name and filters, all in the URL. The search matches a part of the name and applies
 * while typing; application, image, node and tags match exactly and apply on Enter.
 */
export function InstancesFilterBar({ filters, onFilter, onClear, filtered }: Props) {
  const typeId = useId();
  // As in the URL: a search keeps the spaces being typed.
  const urlValue = (key: InstanceFilterKey) => filters[key]?.[0] ?? "";
  const exact = { onFilter, placeholder: "Exact name" };
  return (
    <div className="instances-filters" role="search" aria-label="Filter instances">
      <TextFilter
        label="Search"
        type="search"
        filterKey="search"
        value={urlValue("search")}
        onFilter={onFilter}
        placeholder="Part of the name"
        debounceMs={searchDebounceMs}
      />
      <StatusFilter
        selected={statusFilter(filters)}
        onChange={(statuses: InstanceStatus[]) => {
          onFilter("status", statuses);
        }}
      />
      <div className="instances-filters__field">
        <label className="instances-filters__label" htmlFor={typeId}>
          Type
        </label>
        <select
          id={typeId}

          value={singleFilter(filters, "type") ?? ""}
          onChange={(event) => {
            onFilter("type", [event.currentTarget.value]);
          }}
        >
          <option value="">Any type</option>
          {instanceTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      <TextFilter
        label="Application"
        filterKey="app_name"
        value={urlValue("app_name")}
        {...exact}
      />
      <TextFilter label="Image" filterKey="image_name" value={urlValue("image_name")} {...exact} />
      <TextFilter label="Node" filterKey="node" value={urlValue("node")} {...exact} />
      <TextFilter
        label="Tags"
        filterKey="tag"
        value={(filters.tag ?? []).join(", ")}
        onFilter={onFilter}
        toValues={splitTags}
        placeholder="tag1, tag2"
      />
      {filtered && (
        <button type="button" className="p-button--base" onClick={onClear}>
          Clear filters
        </button>
      )}
    </div>
  );
}
