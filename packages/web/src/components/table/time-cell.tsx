import { absoluteTime, relativeTime } from "../../util/format-time.ts";

/** A time in a list: relative ("5 minutes ago"), the absolute one under it and in the tooltip. */
export function timeCell(iso: string) {
  const absolute = absoluteTime(iso);
  return (
    <time dateTime={iso} title={absolute}>
      {relativeTime(iso)}
      <br />
      <small className="list-table__absolute-time">{absolute}</small>
    </time>
  );
}
