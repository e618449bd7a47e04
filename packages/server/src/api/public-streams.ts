import type { FastifyInstance } from "fastify";
import type {
  GatewaySession,
  GatewayShare,
  PublicStreamInfo,
  SessionJoinResponse,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import { ApiError } from "../http/api-error.ts";
import { shareLinkLimit } from "../streaming/share-link-limit.ts";
import { callCluster } from "../clusters/cluster-call.ts";
import { findOnGateways } from "../streaming/gateway-lookup.ts";
import { sharePath } from "../streaming/share-links.ts";
import { joinStream } from "../streaming/stream-join.ts";

interface TokenParams {
  Params: { token: string };
}

const defaultScreen = { width: 720, height: 1280, fps: 30, density: 240 };

/**
 * The public stream page's calls (`/stream/{token}`): no sign-in, the share link's token is the
 * only key. It reaches one session, until it expires or is revoked: the gateway answers 410 or
 * 404 then, with words the page shows as they are.
 */
export function registerPublicStreamRoutes(app: FastifyInstance, context: ServerContext): void {
  const limited = shareLinkLimit(context);
  const findShare = (token: string) =>
    findOnGateways<GatewayShare>(
      context.clusters,
      undefined,
      sharePath(token),
      "This share link does not exist: it may have been revoked.",
    );

  app.get<TokenParams>(
    "/api/public/streams/:token",
    { config: { access: "public" }, ...limited },
    async (request): Promise<{ metadata: PublicStreamInfo }> => {
      const { at, metadata: share } = await findShare(request.params.token);
      if (share.session_id === undefined) {
        throw new ApiError(404, "This share link no longer leads to a session.");
      }
      const session = await callCluster(at.cluster, (signal) =>
        at.gateway.get<GatewaySession>(
          `/1.0/sessions/${encodeURIComponent(share.session_id ?? "")}`,
          signal,
        ),
      );
      return {
        metadata: {
          instance_name: session.metadata.instance_name ?? "",
          screen: session.metadata.screen ?? defaultScreen,
          expiry_at: share.expiry_at,
        },
      };
    },
  );

  app.post<TokenParams>(
    "/api/public/streams/:token/join",
    { config: { access: "public" }, ...limited },
    async (request): Promise<SessionJoinResponse> => {
      const { token } = request.params;
      const { at, metadata: share } = await findShare(token);
      if (share.session_id === undefined) {
        throw new ApiError(404, "This share link no longer leads to a session.");
      }
      return joinStream(context, at, `${sharePath(token)}/join`, {
        streamSessionId: share.session_id,
        grantee: { kind: "share" },
      });
    },
  );
}
