import type { FastifyInstance } from "fastify";
import type {
  PublicStreamInfo,
  SessionJoinResponse,
  StreamWatching,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { shareLinkLimit } from "../streaming/share-link-limit.ts";
import { findShareOnGateways } from "../streaming/gateway-lookup.ts";
import { cutOffStreamViewer, readStreamSession } from "../ams/gateway.ts";
import { endView, shareView, stillWatching } from "../store/stream-views.ts";
import { shareHash } from "../store/stream-shares.ts";
import { viewQuery } from "../input/route-schemas.ts";
import { joinStream } from "../streaming/stream-join.ts";
import { shareJoinWithinQuota } from "../quotas/stream-quotas.ts";
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
          watch_only: share.type === "watch",
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
        const streamSessionId = share.session_id;
        const stream = { clusterId: at.cluster.id, streamSessionId };
        // Its viewer counts against the link's maker's quota (the stream's viewer before, if a
        // member, no longer counts: the stream changed hands).
        const { joined, viewId } = await shareJoinWithinQuota(context, token, stream, () =>
          joinStream(
            context,
            at,
            { share: token },
            { streamSessionId, grantee: { kind: "share" } },
            // A watch-only link's gateway makes its viewer watch whatever it asks.
            share.type === "watch" ? "watch" : "auto",
          ),
        );
        const about = share.description ? ` ("${share.description}")` : "";
        await record("success", at.cluster.id, `joined stream session ${share.session_id}${about}`);
        return { ...joined, view_id: viewId, watch_only: share.type === "watch" };
      } catch (error) {
        if (error instanceof HttpError) await record("failure", "", error.message);
        throw error;
      }
    },
  );

  // The public stream page's word that it still plays its view (every minute), and that it left
  // (the stream is then cut off at its gateway): as the signed-in stream page's, keyed by the
  // link and the view its join answered.
  app.post(
    "/api/public/streams/:token/watching",
    {
      schema: { params: shareTokenParams, querystring: viewQuery },
      config: { access: "public" },
      ...limited,
    },
    async (request): Promise<StreamWatching> => {
      const view = await shareView(context.db, request.query.view, shareHash(request.params.token));
      const watching =
        view !== undefined && (await stillWatching(context.db, view.viewId, view.stream));
      return { watching };
    },
  );

  app.post(
    "/api/public/streams/:token/left",
    {
      schema: { params: shareTokenParams, querystring: viewQuery },
      config: { access: "public" },
      ...limited,
    },
    async (request, reply) => {
      const view = await shareView(context.db, request.query.view, shareHash(request.params.token));
      const ended =
        view === undefined ? undefined : await endView(context.db, view.viewId, view.stream, "");
      const gateway = context.clusters.find((cluster) => cluster.id === ended?.stream.clusterId);
      if (ended !== undefined && gateway?.gateway) {
        await cutOffStreamViewer(
          gateway.gateway,
          ended.stream.streamSessionId,
          ended.viewerId || undefined,
        );
      }
      return reply.code(204).send();
    },
  );
}
