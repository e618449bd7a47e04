import { useIsFetching, type QueryKey } from "@tanstack/react-query";

/**
 * "Updating" while any page of the list loads (`queryKey`: the prefix of its pages' keys): a live
 * refetch, or a search whose page is not in yet (it reaches the URL only then). Its own
 * component, so that the start of a request renders only this. Kept in place when idle, so that
 * the bar does not shift on every live refetch; not a live region, which would be read out on
 * each one. The spinner turns only while shown: an animation runs whether or not its element is
 * visible, and the browser rendered 7–13 frames a second for it on every idle list page (each a
 * style, pre-paint and layerize pass of 3–8 ms here), frames that also came between the slices of
 * a search's render.
 */
export function RefreshingIndicator({ queryKey }: { queryKey: QueryKey }) {
  const fetching = useIsFetching({ queryKey }) > 0;
  return (
    <span className={`list-refreshing${fetching ? "" : " is-idle"}`} aria-hidden={!fetching}>
      <i className={`p-icon--spinner${fetching ? " u-animation--spin" : ""}`} aria-hidden="true" />{" "}
      Updating
    </span>
  );
}
