import { instanceStatuses, instanceTypes } from "@anbox-dashboard/contract";
import { ListFilters } from "../../../components/list/filters/ListFilters.tsx";
import { MultiSelectFilter } from "../../../components/list/filters/MultiSelectFilter.tsx";
import { SelectFilter } from "../../../components/list/filters/SelectFilter.tsx";
import { TextFilter } from "../../../components/list/filters/TextFilter.tsx";
import { optionsOf } from "../../../components/list/filters/filter-option.ts";
import type { ListFilters as UrlFilters } from "../../../components/list/url/list-params.ts";
import { filterValue, filterValues } from "../../../components/list/url/list-query.ts";
import type { InstanceFilterKey, InstanceListQuery } from "./list-request.ts";

/**
 * How long the search waits after a keystroke before asking the server: not at all. The server
 * answers a page in a few milliseconds and the request of an older search is cancelled when a
 * newer one starts, so the table follows the typing (`useListUrlState`,
 * bench/instances-page.bench.ts).
 */
export const searchDebounceMs = 0;

const statusOptions = optionsOf(instanceStatuses);
const typeOptions = optionsOf(instanceTypes);

interface Props {
  /** The filters as the URL writes them (a search keeps the spaces being typed). */
  urlFilters: UrlFilters;
  /** The filters as the list applies them. */
  query: InstanceListQuery;
  onFilter: (key: InstanceFilterKey, values: readonly string[]) => void;
  onClear: () => void;
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
export function InstancesFilterBar({ urlFilters, query, onFilter, onClear, filtered }: Props) {
  const urlValue = (key: InstanceFilterKey) => urlFilters[key]?.[0] ?? "";
  const exact = { onFilter, placeholder: "Exact name" };
  return (
    <ListFilters
      label="Filter instances"
      filtered={filtered}
      onClear={onClear}
      moreActive={Object.keys(query.filters).filter((key) => key !== "search").length}
      more={
        <>
          <MultiSelectFilter
            label="Status"
            legend="Statuses to list"
            anyLabel="Any status"
            options={statusOptions}
            selected={filterValues(query, "status", instanceStatuses)}
            onChange={(statuses) => {
              onFilter("status", statuses);
            }}
          />
          <SelectFilter
            label="Type"
            anyLabel="Any type"
            options={typeOptions}
            value={filterValue(query, "type")}
            onChange={(type) => {
              onFilter("type", type === undefined ? [] : [type]);
            }}
          />
          <TextFilter
            label="Application"
            filterKey="app_name"
            value={urlValue("app_name")}
            {...exact}
          />
          <TextFilter
            label="Image"
            filterKey="image_name"
            value={urlValue("image_name")}
            {...exact}
          />
          <TextFilter label="Node" filterKey="node" value={urlValue("node")} {...exact} />
          <TextFilter
            label="Tags"
            filterKey="tag"
            value={(urlFilters.tag ?? []).join(", ")}
            onFilter={onFilter}
            toValues={splitTags}
            placeholder="tag1, tag2"
          />
        </>
      }
    >
      <TextFilter
        label="Search"
        type="search"
        filterKey="search"
        value={urlValue("search")}
        onFilter={onFilter}
        placeholder="Part of the name"
        debounceMs={searchDebounceMs}
      />
    </ListFilters>
  );
}
