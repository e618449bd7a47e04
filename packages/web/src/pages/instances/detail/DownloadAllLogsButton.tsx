import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ClusterInstance } from "../../../api/instances.ts";
import { saveTextFile } from "../../../util/save-text-file.ts";
import { allLogsFileName, combineLogs } from "./download-logs.ts";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { instanceLogQuery } from "./use-instance-queries.ts";

interface Props {
  instance: Pick<ClusterInstance, "clusterId" | "id" | "name">;
  /** The names of the instance's logs, in the order the file holds them. */
  names: readonly string[];
}

/** Fetches every log (one after the other: a handful of files) and saves them as one text file. */
export function DownloadAllLogsButton({ instance, names }: Props) {
  const queryClient = useQueryClient();
  const download = useMutation({
    mutationFn: async () => {
      const logs: { name: string; text: string }[] = [];
      for (const name of names) {
        // Through the cache: logs already read are not fetched again unless stale.
        const text = await queryClient.query(
          instanceLogQuery(instance.clusterId, instance.id, name),
        );
        logs.push({ name, text });
      }
      return combineLogs(logs);
    },
    onSuccess: (text) => {
      saveTextFile(text, allLogsFileName(instance.name));
    },
  });
  return (
    <>
      <button
        type="button"
        className="p-button"
        disabled={download.isPending}
        aria-busy={download.isPending}
        onClick={() => {
          download.mutate();
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
