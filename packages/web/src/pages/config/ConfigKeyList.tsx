import { useCallback, useId } from "react";
import { useSearchParams } from "react-router";
import type { ConfigKeyView } from "../../api/config.ts";
import { ListFilters } from "../../components/list/filters/ListFilters.tsx";
import { TextFilter } from "../../components/list/filters/TextFilter.tsx";
import { EmptyState } from "../../components/page-layout/EmptyState.tsx";
import { ConfigKeyRow } from "./ConfigKeyRow.tsx";
import { groupConfigKeys, type ConfigGroup } from "./config-groups.ts";

/** The URL's search parameter, as in the other lists: a reload or a shared link keeps it. */
const searchParam = "search";

interface Props {
  clusterId: string;
  keys: readonly ConfigKeyView[];
}

/** A cluster's keys grouped by prefix, searched by name and description (the search in the URL). */
export function ConfigKeyList({ clusterId, keys }: Props) {
  const [params, setParams] = useSearchParams();
  const search = params.get(searchParam) ?? "";
  const setSearch = useCallback(
    (_key: typeof searchParam, values: readonly string[]) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const text = values[0] ?? "";
          if (text === "") next.delete(searchParam);
          else next.set(searchParam, text);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  const groups = groupConfigKeys(keys, search);
  const count = groups.reduce((total, group) => total + group.keys.length, 0);

  return (
    <>
      <ListFilters
        label="Search configuration"
        list={{
          filtered: search !== "",
          clearFilters: () => {
            setSearch(searchParam, []);
          },
          query: { filters: {} },
        }}
        aside={
          <p className="u-no-margin--bottom" aria-live="polite">
            {search === ""
              ? `${String(keys.length)} keys`
              : `${String(count)} of ${String(keys.length)} keys match`}
          </p>
        }
      >
        <TextFilter
          label="Search"
          filterKey={searchParam}
          value={search}
          onFilter={setSearch}
          placeholder="Name or description"
          debounceMs={0}
          type="search"
        />
      </ListFilters>
      {groups.length === 0 ? (
        <EmptyState title="No key matches">
          <p>No configuration key has “{search}” in its name or description.</p>
        </EmptyState>
      ) : (
        groups.map((group) => (
          <ConfigGroupSection key={group.name} clusterId={clusterId} group={group} />
        ))
      )}
    </>
  );
}

/** One prefix's keys, under its heading. */
function ConfigGroupSection({ clusterId, group }: { clusterId: string; group: ConfigGroup }) {
  const titleId = useId();
  return (
    <section className="config-group" aria-labelledby={titleId}>
      <h2 className="p-heading--4 config-group__title" id={titleId}>
        {group.name}
      </h2>
      <ul className="config-group__keys">
        {group.keys.map((key) => (
          // Keyed by cluster too: another cluster's key of the same name gets a fresh form.
          <ConfigKeyRow key={`${clusterId}/${key.name}`} clusterId={clusterId} configKey={key} />
        ))}
      </ul>
    </section>
  );
}
