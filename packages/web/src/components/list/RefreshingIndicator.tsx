import { useIsFetching, type QueryKey } from "@tanstack/react-query";

/**
 * "Updating" while any page of the list loads (`queryKey`: the prefix of its pages' keys): a live
 * refetch, or a search whose page is not in yet (it reaches the URL only then). Its own
 * component, so that the start of a request renders only this. Kept in place when idle, so that
 * the bar does not shift on every live refetch; not a live region, which would be read out on
 * each one.
 */
export function RefreshingIndicator({ queryKey }: { queryKey: QueryKey }) {
  const fetching = useIsFetching({ queryKey }) > 0;
  return (
    <span className={`list-refreshing${fetching ? "" : " is-idle"}`} aria-hidden={!fetching}>
      <i className="p-icon--spinner u-animation--spin" aria-hidden="true" /> Updating
    </span>
  );
}
