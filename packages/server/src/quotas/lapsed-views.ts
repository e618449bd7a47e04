import { limitAppliesOn } from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import { PeriodicTask } from "../audit/periodic-task.ts";
import { cutOffStreamViewer } from "../ams/gateway.ts";
import { recordAudit } from "../store/audit-log.ts";
import { limitsOf } from "../store/group-limits.ts";
import { takeLapsedViews, type StreamView } from "../store/stream-views.ts";
import { findUserById } from "../store/users.ts";

/** How often the views that stopped saying they play are ended: a minute. */
const checkEveryMs = 60_000;

/**
 * Ends the views whose page has not said it plays for `streamViewLifetimeMs` (a tab that crashed,
 * lost its network, or stopped saying so): they count against no quota from then on. One that
 * counted against a concurrent-streams limit is cut off at its gateway too, and recorded as a
 * `stream-left`: a client cannot keep a stream past its quota by staying silent. Each lapsed view
 * is taken by one process.
 */
export function startLapsedViewsSweep(
  context: Pick<ServerContext, "db" | "clusters">,
  warn: (message: string) => void,
): PeriodicTask {
  return new PeriodicTask(
    "end the stream views that lapsed",
    checkEveryMs,
    async () => {
      const lapsed = await takeLapsedViews(context.db);
      if (lapsed.length === 0) return;
      const limits = await limitsOf(context.db, [
        ...new Set(lapsed.flatMap((view) => view.groups)),
      ]);
      const streamLimited = (view: StreamView) =>
        view.groups.some((group) =>
          (limits.get(group) ?? []).some(
            (limit) =>
              limit.key === "concurrent_streams" && limitAppliesOn(limit, view.stream.clusterId),
          ),
        );
      for (const view of lapsed.filter(streamLimited)) await cutOff(context, view);
    },
    warn,
  );
}

async function cutOff(
  context: Pick<ServerContext, "db" | "clusters">,
  view: StreamView,
): Promise<void> {
  const cluster = context.clusters.find((candidate) => candidate.id === view.stream.clusterId);
  if (cluster?.gateway) {
    await cutOffStreamViewer(
      cluster.gateway,
      view.stream.streamSessionId,
      view.viewerId || undefined,
    );
  }
  const user = view.userId === "" ? undefined : await findUserById(context.db, view.userId);
  await recordAudit(context.db, {
    action: "stream-left",
    outcome: "success",
    actor: view.browserSessionId === "" ? "" : (user?.email ?? ""),
    identityId: view.browserSessionId === "" ? "" : view.userId,
    address: "",
    cluster: view.stream.clusterId,
    detail: `stream session ${view.stream.streamSessionId}${view.browserSessionId === "" ? ", watched through a share link" : ""}, cut off: its page stopped saying it plays, and a concurrent-streams limit counts it`,
  });
}
