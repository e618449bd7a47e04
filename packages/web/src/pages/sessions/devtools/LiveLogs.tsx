import { useEffect, useId, useRef, useState } from "react";
import { instanceLogPath } from "../../../api/instances.ts";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { useFollowedInstanceLog, useInstanceLogNames } from "../../../queries/instances.ts";
import { matchingLines } from "./log-lines.ts";

interface Props {
  clusterId: string;
  instanceId: string;
}

/**
 * An instance's logs as they grow: android.log first (the device's logcat, where the stream's
 * touches and keys show), followed every two seconds and scrolled to its end until paused; a
 * search keeps the lines that contain it; Download saves the whole file.
 */
export function LiveLogs({ clusterId, instanceId }: Props) {
  const names = useInstanceLogNames(clusterId, instanceId);
  const [chosen, setChosen] = useState<string>();
  const [following, setFollowing] = useState(true);
  const [search, setSearch] = useState("");
  const selectId = useId();
  const searchId = useId();
  const countId = useId();
  const list = names.data ?? [];
  const shown = chosen ?? (list.includes("android.log") ? "android.log" : list[0]);
  const log = useFollowedInstanceLog(clusterId, instanceId, shown, following);
  const textRef = useRef<HTMLPreElement>(null);
  const { lines, total } = matchingLines(log.data ?? "", search);

  // Following: the newest lines stay in view.
  useEffect(() => {
    const text = textRef.current;
    if (following && text) text.scrollTop = text.scrollHeight;
  }, [following, log.data]);

  if (names.isPending) return <PageLoader />;
  if (names.isError) return <ErrorNotice title="Cannot list the logs" error={names.error} />;
  if (shown === undefined) return <p>The instance has written no logs yet.</p>;

  return (
    <div className="live-logs">
      <div className="live-logs__toolbar">
        <label htmlFor={selectId}>Log</label>
        <select
          id={selectId}
          value={shown}
          onChange={(event) => {
            setChosen(event.target.value);
          }}
        >
          {list.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="p-button is-dense"
          aria-pressed={!following}
          onClick={() => {
            setFollowing((now) => !now);
          }}
        >
          {following ? "Pause" : "Follow"}
        </button>
        <a
          className="p-button is-dense"
          href={`${instanceLogPath(clusterId, instanceId, shown)}&download=1`}
          download={shown}
        >
          Download
        </a>
      </div>
      <label htmlFor={searchId} className="u-off-screen">
        Search the log
      </label>
      <input
        id={searchId}
        type="search"
        className="live-logs__search"
        placeholder="Search the log"
        aria-describedby={countId}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
        }}
      />
      <p id={countId} className="live-logs__count">
        {search.trim() === ""
          ? `${String(total)} lines${following ? ", following" : ", paused"}`
          : `${String(lines.length)} of ${String(total)} lines match`}
      </p>
      {log.isError && <ErrorNotice title={`Cannot read ${shown}`} error={log.error} />}
      {log.isPending ? (
        <PageLoader />
      ) : (
        // Focusable so that keyboard users can scroll it.
        <pre ref={textRef} className="live-logs__text" tabIndex={0} aria-label={`Log ${shown}`}>
          {lines.join("\n")}
        </pre>
      )}
    </div>
  );
}
