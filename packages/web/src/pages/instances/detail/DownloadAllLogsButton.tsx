import type { ClusterInstance } from "../../../api/instances.ts";
import { saveTextFile } from "../../../util/save-text-file.ts";
import { allLogsFileName, combineLogs } from "./download-logs.ts";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { useReadInstanceLogs } from "../../../queries/instances.ts";

interface Props {
  instance: Pick<ClusterInstance, "clusterId" | "id" | "name">;
  /** The names of the instance's logs, in the order the file holds them. */
  names: readonly string[];
}

/** Fetches every log (one after the other: a handful of files) and saves them as one text file. */
export function DownloadAllLogsButton({ instance, names }: Props) {
  const download = useReadInstanceLogs(instance.clusterId, instance.id);
  return (
    <>
      <button
        type="button"
        className="p-button"
        disabled={download.isPending}
        aria-busy={download.isPending}
        onClick={() => {
          download.mutate(names, {
            onSuccess: (logs) => {
              saveTextFile(combineLogs(logs), allLogsFileName(instance.name));
            },
          });
        }}
      >
        Download all
      </button>
      {download.isError && (
        <div className="instance-logs__download-error">
          <ErrorNotice title="Cannot download the logs" error={download.error} />
        </div>
      )}
    </>
  );
}
