import { randomUUID } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../server-context.ts";
import { signedInUser } from "../auth/signed-in-user.ts";
import { recordView, type StreamRef } from "../store/stream-views.ts";
import { shareHash, shareMaker } from "../store/stream-shares.ts";
import { withinQuota } from "./enforce-quota.ts";
import type { LeavingView } from "./quota-usage.ts";
import { quotaGroupNamesOf } from "./quota-groups.ts";

type QuotaContext = Pick<ServerContext, "db" | "clusters">;

/** What a join answers that the view keeps: the gateway's viewer, when it has viewers. */
interface JoinAnswer {
  viewer_id?: string | undefined;
}

/**
 * Joins a stream within the concurrent-streams limits of the viewer's groups, and records the
 * view against them all; its id, which the page says it still plays and leaves with. Joining
 * again a stream one watches (a reconnect, another tab) replaces that view: it never counts twice.
 * Each viewer of a stream counts (each has its own encoding of it).
 */
export async function joinWithinQuota<T extends JoinAnswer>(
  context: QuotaContext,
  request: FastifyRequest,
  stream: StreamRef,
  join: () => Promise<T>,
): Promise<{ joined: T; viewId: string }> {
  const user = signedInUser(request);
  const groups = await quotaGroupNamesOf(context.db, user);
  return watchWithinQuota(context, stream, groups, join, {
    userId: user.id,
    browserSessionId: user.sessionId,
    shareHash: "",
    doing: "joining this stream",
    leaving: { stream, browserSessionId: user.sessionId },
  });
}

/**
 * A share link's join: its viewer counts against the groups of whoever made the link (when they
 * made it), as a stream of theirs: a link does not get around its maker's quota. Its viewers
 * watch beside the stream's other viewers, so nothing is replaced.
 */
export async function shareJoinWithinQuota<T extends JoinAnswer>(
  context: QuotaContext,
  token: string,
  stream: StreamRef,
  join: () => Promise<T>,
): Promise<{ joined: T; viewId: string }> {
  const maker = await shareMaker(context.db, token);
  return watchWithinQuota(context, stream, maker?.groups ?? [], join, {
    userId: maker?.userId ?? "",
    browserSessionId: "",
    shareHash: shareHash(token),
    doing: "joining this stream through a share link",
    // Nobody's browser session: only a stream of a gateway without viewers changes hands.
    leaving: { stream },
  });
}

async function watchWithinQuota<T extends JoinAnswer>(
  context: QuotaContext,
  stream: StreamRef,
  groups: readonly string[],
  join: () => Promise<T>,
  viewer: {
    userId: string;
    browserSessionId: string;
    shareHash: string;
    doing: string;
    leaving?: LeavingView;
  },
): Promise<{ joined: T; viewId: string }> {
  const ask = {
    clusterId: stream.clusterId,
    groups,
    adds: { concurrent_streams: 1 },
    doing: viewer.doing,
    ...(viewer.leaving === undefined ? {} : { leaving: viewer.leaving }),
  };
  return withinQuota(context, ask, async () => {
    const joined = await join();
    const viewId = randomUUID();
    await recordView(context.db, {
      viewId,
      stream,
      viewerId: joined.viewer_id ?? "",
      userId: viewer.userId,
      browserSessionId: viewer.browserSessionId,
      shareHash: viewer.shareHash,
      groups,
    });
    return { joined, viewId };
  });
}
