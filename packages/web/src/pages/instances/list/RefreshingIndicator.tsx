import { useIsFetching } from "@tanstack/react-query";
import { queryKeys } from "../../../context/query-keys.ts";

const listQueries = { queryKey: [...queryKeys.instances(), "list"] };

/**
 * "Updating" while any page of instances loads: a live refetch, or a search whose page is not in
 * yet (it reaches the URL only then). Its own component, so that the start of a request renders
 * only this. Kept in place when idle, so that the bar does not shift on every live refetch; not a
 * live region, which would be read out on each one.
 */
export function RefreshingIndicator() {
  const fetching = useIsFetching(listQueries) > 0;
  return (
    <span
      className={`instances-list__refreshing${fetching ? "" : " is-idle"}`}
      aria-hidden={!fetching}
    >
      <i className="p-icon--spinner u-animation--spin" aria-hidden="true" /> Updating
    </span>
  );
}
