import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../server-context.ts";
import { signedInUser } from "../auth/signed-in-user.ts";
import { recordView, type StreamRef } from "../store/stream-views.ts";
import { withinQuota } from "./enforce-quota.ts";
import { quotaGroupsOf } from "./quota-groups.ts";

/**
 * Joins a stream within the concurrent-streams limits of the viewer's groups, and records the
 * view against them all. Joining again a stream one watches (a reconnect, another tab) replaces
 * that view: it never counts twice.
 */
export async function joinWithinQuota<T>(
  context: Pick<ServerContext, "db" | "clusters">,
  request: FastifyRequest,
  stream: StreamRef,
  join: () => Promise<T>,
): Promise<T> {
  const user = signedInUser(request);
  const groups = (await quotaGroupsOf(context.db, user)).map(({ group }) => group);
  return withinQuota(
    context,
    {
      clusterId: stream.clusterId,
      groups,
      adds: { concurrent_streams: 1 },
      doing: "joining this stream",
      leaving: stream,
    },
    async () => {
      const joined = await join();
      await recordView(context.db, stream, {
        userId: user.id,
        browserSessionId: user.sessionId,
        groups,
      });
      return joined;
    },
  );
}
