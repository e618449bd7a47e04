import type { QueryClient } from "@tanstack/react-query";
import { fetchInstance, fetchInstanceLog, fetchInstanceLogs } from "../../api/instances.ts";
import { fetchDeviceState } from "../../api/device.ts";
import { clustersQuery } from "../../queries/clusters.ts";
import { sessionInfoQuery } from "../../queries/session-info.ts";
import { saveTextFile } from "../../util/save-text-file.ts";
import type { BugReport, Part, StreamEvent } from "@anbox-dashboard/contract";
import { bugReportFileName, unavailable, withoutSecrets } from "./bug-report.ts";

/** The end of each log that goes in (a device's logs can grow for days). */
const logTailCharacters = 512 * 1024;

/** What a stream page adds to the report. */
export interface StreamFacts {
  sessionId: string;
  statistics: readonly unknown[];
  /** The live connection, for its WebRTC figures now; none when the stream does not play. */
  peer: Pick<RTCPeerConnection, "getStats"> | undefined;
  events: readonly StreamEvent[];
}

async function part<T>(read: () => Promise<T>): Promise<Part<T>> {
  try {
    return await read();
  } catch (error) {
    return unavailable(error);
  }
}

/** Each stored log's text (its end), by name. */
async function readLogs(clusterId: string, instanceId: string): Promise<Record<string, string>> {
  const names = await fetchInstanceLogs(clusterId, instanceId);
  const logs: Record<string, string> = {};
  for (const name of names) {
    const text = await fetchInstanceLog(clusterId, instanceId, name);
    logs[name] =
      text.length > logTailCharacters
        ? `[the first ${String(text.length - logTailCharacters)} characters left out]\n${text.slice(-logTailCharacters)}`
        : text;
  }
  return logs;
}

/**
 * Gathers the report of an instance (and of its stream, from a stream page), each part as the
 * user may read it (a part they may not read says so), with every secret taken out.
 */
export async function collectBugReport(
  queryClient: QueryClient,
  target: { clusterId: string; instanceId: string },
  stream?: StreamFacts,
): Promise<BugReport> {
  const { clusterId, instanceId } = target;
  const [info, clusters, instance, logs, device, webrtc] = await Promise.all([
    part(() => queryClient.query(sessionInfoQuery())),
    part(() => queryClient.query(clustersQuery())),
    part(() => fetchInstance(clusterId, instanceId)),
    part(() => readLogs(clusterId, instanceId)),
    part(() => fetchDeviceState(clusterId, instanceId)),
    part(async () => {
      if (stream?.peer === undefined) throw new Error("The stream was not playing");
      const report = await stream.peer.getStats();
      return [...report.values()] as unknown[];
    }),
  ]);
  const health = Array.isArray(clusters)
    ? clusters.find((cluster) => cluster.id === clusterId)?.health
    : undefined;
  const report: BugReport = {
    report: "Anbox Cloud Dashboard bug report",
    generated_at: new Date().toISOString(),
    page: stream === undefined ? "instance" : "stream",
    dashboard: "unavailable" in info ? info : { version: info.dashboard_version },
    cluster: {
      id: clusterId,
      version: health?.version ?? null,
      reachable: health?.reachable ?? null,
    },
    instance,
    device,
    logs,
    ...(stream === undefined
      ? {}
      : {
          stream: {
            session_id: stream.sessionId,
            statistics: [...stream.statistics],
            webrtc_stats: webrtc,
            events: [...stream.events],
          },
        }),
  };
  return withoutSecrets(report) as BugReport;
}

/** Gathers the report and saves it as one JSON file named after the instance. */
export async function downloadBugReport(
  queryClient: QueryClient,
  target: { clusterId: string; instanceId: string; instanceName: string },
  stream?: StreamFacts,
): Promise<void> {
  const report = await collectBugReport(queryClient, target, stream);
  saveTextFile(
    `${JSON.stringify(report, null, 2)}\n`,
    bugReportFileName(target.instanceName, new Date()),
    "application/json",
  );
}
