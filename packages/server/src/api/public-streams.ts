import type { FastifyInstance } from "fastify";
import type { PublicStreamInfo, SessionJoinResponse } from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { shareLinkLimit } from "../streaming/share-link-limit.ts";
import { findShareOnGateways } from "../streaming/gateway-lookup.ts";
import { readStreamSession } from "../ams/gateway.ts";
import { joinStream } from "../streaming/stream-join.ts";
import { endViews } from "../store/stream-views.ts";
import type { ZodSchemas } from "@anbox-dashboard/http-kit";
import { shareTokenParams } from "../input/route-schemas.ts";
import { recordAudit } from "../store/audit-log.ts";
import { requestFacts } from "../audit/request-facts.ts";

const defaultScreen = { width: 720, height: 1280, fps: 30, density: 240 };

/**
 * The public stream page's calls (`/stream/{token}`): no sign-in, the share link's token is the
 * only key. It reaches one session, until it expires or is revoked: the gateway answers 410 or
 * 404 then, with words the page shows as they are.
 */
export function registerPublicStreamRoutes(scope: FastifyInstance, context: ServerContext): void {
  const app = scope.withTypeProvider<ZodSchemas>();
  const limited = shareLinkLimit(context);
  const findShare = (token: string) =>
    findShareOnGateways(
      context.clusters,
      undefined,
      token,
      "This share link does not exist: it may have been revoked.",
    );

  app.get(
    "/api/public/streams/:token",
    { schema: { params: shareTokenParams }, config: { access: "public" }, ...limited },
    async (request): Promise<{ metadata: PublicStreamInfo }> => {
      const { at, metadata: share } = await findShare(request.params.token);
      if (share.session_id === undefined) {
        throw new HttpError(404, "This share link no longer leads to a session.");
      }
      const session = await readStreamSession(at, share.session_id);
      return {
        metadata: {
          instance_name: session.instance_name ?? "",
          screen: session.screen ?? defaultScreen,
          expiry_at: share.expiry_at,
        },
      };
    },
  );

  app.post(
    "/api/public/streams/:token/join",
    { schema: { params: shareTokenParams }, config: { access: "public" }, ...limited },
    async (request): Promise<SessionJoinResponse> => {
      const { token } = request.params;
      // Recorded whether it works or not; never with the token (a share's id is its key).
      const record = (outcome: "success" | "failure", cluster: string, detail: string) =>
        recordAudit(context.db, {
          action: "share-link-used",
          outcome,
          actor: "",
          cluster,
          ...requestFacts(request),
          detail,
        });
      try {
        const { at, metadata: share } = await findShare(token);
        if (share.session_id === undefined) {
          throw new HttpError(404, "This share link no longer leads to a session.");
        }
        const joined = await joinStream(
          context,
          at,
          { share: token },
          { streamSessionId: share.session_id, grantee: { kind: "share" } },
        );
        // The stream changed hands: its member viewer no longer counts against their quota.
        await endViews(context.db, { clusterId: at.cluster.id, streamSessionId: share.session_id });
        const about = share.description ? ` ("${share.description}")` : "";
        await record("success", at.cluster.id, `joined stream session ${share.session_id}${about}`);
        return joined;
      } catch (error) {
        if (error instanceof HttpError) await record("failure", "", error.message);
        throw error;
      }
    },
  );
}
