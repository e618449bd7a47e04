import type { FastifyInstance } from "fastify";
import type { GatewaySharesTable } from "../../store/schema.ts";
import type { GatewayServices } from "../gateway-services.ts";
import { gatewaySync } from "../envelope.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { parseInput } from "../../http/validate.ts";
import { parseListQuery } from "../../http/list-query.ts";
import { requireSession } from "../session-store.ts";
import {
  sessionJoinSchema,
  shareListFiltersSchema,
  sharePatchSchema,
  sharePostSchema,
} from "../request-schemas.ts";
import {
  checkedExpiry,
  newShareId,
  requireShare,
  shareUrl,
  toGatewayShare,
} from "../share-store.ts";
import { joinSession } from "../join-session.ts";
import { rfc3339 } from "../rfc3339.ts";
import { onePage } from "../../store/one-page.ts";

interface IdParams {
  Params: { id: string };
}

/**
 * Share links of sessions (reference 3.2): `POST /1.0/sessions/{id}/share`, `GET /1.0/shares`,
 * `GET/PATCH/DELETE /1.0/shares/{id}`, and `POST /1.0/shares/{id}/join` (an extension: joins the
 * shared session, for the dashboard's public stream page). A share past its expiry answers 410 Gone;
 * a deleted (revoked) one 404, and deleting it also ends the stream of a viewer it let in.
 */
export function registerShareRoutes(app: FastifyInstance, services: GatewayServices): void {
  const { context, joinTokens, streams } = services;
  const { db } = context;

  app.post<IdParams>("/1.0/sessions/:id/share", async (request) => {
    const session = await requireSession(db, request.params.id);
    if (session.status === "terminating" || session.status === "terminated") {
      throw new HttpError(409, `Session ${session.id} has ended: it cannot be shared`);
    }
    const body = parseInput(sharePostSchema, request.body ?? {}, "share");
    const now = Date.now();
    const row: GatewaySharesTable = {
      id: newShareId(),
      session_id: session.id,
      type: body.type ?? "stream",
      description: body.description ?? "",
      created_at: Math.floor(now / 1000),
      expiry_at: checkedExpiry(body.expiry_at, now),
    };
    await db.insertInto("gateway_shares").values(row).execute();
    return gatewaySync({
      id: row.id,
      type: row.type,
      url: shareUrl(row),
      expiry_at: rfc3339(row.expiry_at),
    });
  });

  app.get("/1.0/shares", async (request) => {
    const page = parseListQuery(request.query);
    const filters = parseInput(shareListFiltersSchema, request.query ?? {}, "list parameters");
    let query = db.selectFrom("gateway_shares");
    if (filters.session_id !== undefined)
      query = query.where("session_id", "=", filters.session_id);
    const counted = await query
      .select((eb) => eb.fn.countAll<number | string>().as("total"))
      .executeTakeFirst();
    let rows = query.selectAll().orderBy("created_at").orderBy("id");
    rows = onePage(rows, page);
    const shares = await rows.execute();
    const totalSize = Number(counted?.total ?? 0);
    return page.recursion
      ? gatewaySync(shares.map(toGatewayShare), { totalSize })
      : gatewaySync(
          shares.map((share) => share.id),
          { totalSize },
        );
  });

  app.get<IdParams>("/1.0/shares/:id", async (request) =>
    gatewaySync(toGatewayShare(await requireShare(db, request.params.id))),
  );

  // An expired share may be given a new expiry (or description): that is how it is extended.
  app.patch<IdParams>("/1.0/shares/:id", async (request) => {
    const share = await requireShare(db, request.params.id, { expired: "allow" });
    const patch = parseInput(sharePatchSchema, request.body ?? {}, "share update");
    const change: Partial<Pick<GatewaySharesTable, "description" | "expiry_at">> = {};
    if (patch.description !== undefined) change.description = patch.description;
    if (patch.expiry_at !== undefined) change.expiry_at = checkedExpiry(patch.expiry_at);
    await db.updateTable("gateway_shares").set(change).where("id", "=", share.id).execute();
    return gatewaySync(toGatewayShare({ ...share, ...change }));
  });

  app.delete<IdParams>("/1.0/shares/:id", async (request) => {
    const share = await requireShare(db, request.params.id, { expired: "allow" });
    await db.deleteFrom("gateway_shares").where("id", "=", share.id).execute();
    joinTokens.revokeShare(share.id);
    await streams.endShare(share.id);
    return gatewaySync({});
  });

  app.post<IdParams>("/1.0/shares/:id/join", async (request) => {
    const share = await requireShare(db, request.params.id);
    if (share.type !== "stream" && share.type !== "watch") {
      throw new HttpError(400, `This is an ${share.type} share: it does not lead to a stream`);
    }
    const body = parseInput(sessionJoinSchema, request.body ?? {}, "join request");
    const session = await requireSession(db, share.session_id);
    return gatewaySync(
      joinSession(services, session, {
        shareId: share.id,
        watchOnly: share.type === "watch",
        screen: body.screen,
        role: body.role,
      }),
    );
  });
}
