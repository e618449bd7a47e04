import type { ResourceName } from "@anbox-dashboard/contract";
import type { EndReason } from "../auth/session-watch.ts";
import type { Database } from "../store/database.ts";
import { lastRecorded, recordAudit } from "../store/audit-log.ts";
import { findUserById } from "../store/users.ts";
import { endSessionView, type StreamRef } from "../store/stream-views.ts";
import { quotaGroupsOf } from "../quotas/quota-groups.ts";
import { groupLabel, secondsSince, type requestFacts } from "../audit/request-facts.ts";

/** How long an identity watched a stream: from its last recorded join of the stream's instance. */
export async function watchedFor(
  db: Database,
  userId: string,
  resource: ResourceName,
): Promise<string> {
  const joinedAt = await lastRecorded(db, userId, "stream-joined", resource);
  return joinedAt === undefined
    ? "no join of it recorded"
    : `streamed for ${String(secondsSince(joinedAt))} s`;
}

const cutOffBecause: Record<EndReason, string> = {
  "session-ended": "its viewer's session ended",
  "permission-revoked": "its viewer may no longer stream it",
};

/** Who watches a stream the dashboard may cut off, as its `stream-left` entry names them. */
export interface StreamViewer {
  userId: string;
  sessionId: string;
  providerGroups: readonly string[];
  stream: StreamRef;
  resource: ResourceName;
  /** The join's request (its address, browser and id), read when the signaling opened. */
  facts: ReturnType<typeof requestFacts>;
}

/**
 * Records a stream the dashboard cut off at its gateway (its viewer's session ended, or they may
 * stream it no more) as a leave, with how long it was watched, and ends its view (it no longer
 * counts against a quota). The page never says it left: it lost the stream.
 */
export async function recordStreamCutOff(
  db: Database,
  viewer: StreamViewer,
  reason: EndReason,
): Promise<void> {
  const [user, groups, watched] = await Promise.all([
    findUserById(db, viewer.userId),
    quotaGroupsOf(db, { id: viewer.userId, providerGroups: viewer.providerGroups }),
    watchedFor(db, viewer.userId, viewer.resource),
  ]);
  await endSessionView(db, viewer.stream, viewer.sessionId);
  await recordAudit(db, {
    action: "stream-left",
    outcome: "success",
    actor: user?.email ?? "",
    identityId: viewer.userId,
    groups: groups.map(({ group, fromProvider }) => groupLabel(group, fromProvider)),
    resource: viewer.resource,
    cluster: viewer.stream.clusterId,
    ...viewer.facts,
    detail: `stream session ${viewer.stream.streamSessionId}, cut off: ${cutOffBecause[reason]}, ${watched}`,
  });
}
