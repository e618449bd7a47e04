import { useId } from "react";
import { useSearchParams } from "react-router";
import { instanceLogPath, type ClusterInstance } from "../../../api/instances.ts";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { EmptyState } from "../../../components/page-layout/EmptyState.tsx";
import { DownloadAllLogsButton } from "./DownloadAllLogsButton.tsx";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { useInstanceLog, useInstanceLogNames } from "../../../queries/instances.ts";
import { useClusterHealth } from "../../../queries/clusters.ts";
import { missingFeature } from "../../../util/cluster-features.ts";
import { CautionNotice } from "../../../components/CautionNotice.tsx";

/** The search parameter naming the log shown (the first one when absent). */
const logParam = "log";

/**
 * The logs tab: pick one of the instance's logs to read or download, or download them all; or
 * why there are none to read where the cluster's AMS does not offer them.
 */
export function InstanceLogs({ instance }: { instance: ClusterInstance }) {
  const missing = missingFeature(instance.clusterId, useClusterHealth(instance.clusterId), "logs");
  if (missing !== undefined) {
    return <CautionNotice>{missing}</CautionNotice>;
  }
  return <InstanceLogsOffered instance={instance} />;
}

function InstanceLogsOffered({ instance }: { instance: ClusterInstance }) {
  const names = useInstanceLogNames(instance.clusterId, instance.id);
  const [searchParams, setSearchParams] = useSearchParams();
  const selectId = useId();

  if (names.isPending) return <PageLoader />;
  // A failed refresh keeps the list already read, under the error.
  const listError = names.isError && (
    <ErrorNotice title="Cannot list the logs" error={names.error} />
  );
  if (names.data === undefined) return listError;
  const [first] = names.data;
  if (first === undefined) {
    return (
      <>
        {listError}
        <EmptyState title="No logs yet">
          <p>The instance&apos;s logs appear here once it has written some.</p>
        </EmptyState>
      </>
    );
  }
  const requested = searchParams.get(logParam);
  const shown = requested !== null && names.data.includes(requested) ? requested : first;

  return (
    <div className="instance-logs">
      {listError}
      <div className="instance-logs__toolbar">
        <label htmlFor={selectId}>Log</label>
        <select
          id={selectId}
          className="instance-logs__select"
          value={shown}
          onChange={(event) => {
            setSearchParams({ [logParam]: event.target.value });
          }}
        >
          {names.data.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <a
          className="p-button"
          href={`${instanceLogPath(instance.clusterId, instance.id, shown)}&download=1`}
          download={shown}
        >
          Download
        </a>
        <DownloadAllLogsButton instance={instance} names={names.data} />
      </div>
      <LogText instance={instance} name={shown} />
    </div>
  );
}

function LogText({ instance, name }: { instance: ClusterInstance; name: string }) {
  const log = useInstanceLog(instance.clusterId, instance.id, name);
  if (log.isPending) return <PageLoader />;
  // A failed refresh keeps the text already read, under the error.
  return (
    <>
      {log.isError && <ErrorNotice title={`Cannot read ${name}`} error={log.error} />}
      {log.data !== undefined && (
        // Focusable so that keyboard users can scroll it.
        <pre className="instance-logs__text" tabIndex={0} aria-label={`Log ${name}`}>
          {log.data === "" ? "This log is empty." : log.data}
        </pre>
      )}
    </>
  );
}
