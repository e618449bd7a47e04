import { instanceStatuses, instanceTypes } from "@anbox-dashboard/contract";
import { ListFilters } from "../../../components/list/filters/ListFilters.tsx";
import {
  AnyOfFilter,
  OneOfFilter,
  SearchFilter,
  type FilterBarList,
} from "../../../components/list/filters/list-filter-fields.tsx";
import { TextFilter } from "../../../components/list/filters/TextFilter.tsx";
import { optionsOf } from "../../../components/list/filters/filter-option.ts";
import type { InstanceFilterKey } from "./list-request.ts";

/**
 * How long the search waits after a keystroke before asking the server: not at all. The server
 * answers a page in a few milliseconds and the request of an older search is cancelled when a
 * newer one starts, so the table follows the typing (`useListUrlState`,
 * bench/instances-page.bench.ts).
 */
export const searchDebounceMs = 0;

const statusOptions = optionsOf(instanceStatuses);
const typeOptions = optionsOf(instanceTypes);

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
export function InstancesFilterBar({ list }: { list: FilterBarList<InstanceFilterKey> }) {
  const urlValue = (key: InstanceFilterKey) => list.params.filters[key]?.[0] ?? "";
  const exact = { onFilter: list.setFilter, placeholder: "Exact name" };
  return (
    <ListFilters
      label="Filter instances"
      list={list}
      more={
        <>
          <AnyOfFilter
            list={list}
            filterKey="status"
            label="Status"
            options={statusOptions}
            values={instanceStatuses}
          />
          <OneOfFilter
            list={list}
            filterKey="type"
            label="Type"
            anyLabel="Any type"
            options={typeOptions}
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
            value={(list.params.filters.tag ?? []).join(", ")}
            onFilter={list.setFilter}
            toValues={splitTags}
            placeholder="tag1, tag2"
          />
        </>
      }
    >
      <SearchFilter list={list} filterKey="search" debounceMs={searchDebounceMs} />
    </ListFilters>
  );
}
