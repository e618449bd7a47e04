import type { FastifyRequest } from "fastify";
import { allows } from "@anbox-dashboard/contract";
import type { SessionHolder, SignedInUser, ViewedIdentity } from "../store/browser-sessions.ts";
import type { HeldGrant } from "../store/authorization-groups.ts";
import { Access } from "./access.ts";
import type { GrantsSource } from "./grants.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * How a route is judged while its admin views the dashboard as someone else (read-only): by
     * default a read is decided as that identity and a change is refused; `reads` is a POST that
     * changes nothing (an events token), decided as that identity; `as-signed-in-user` is about
     * the admin's own account or the view itself (stop viewing as), decided as the admin.
     */
    whileViewingAs?: "reads" | "as-signed-in-user";
  }
  interface FastifyRequest {
    /** Whom the signed-in admin views the dashboard as for this request, if anyone. */
    viewingAs: ViewedIdentity | null;
  }
}

/** What a request is decided with: its access, or the refusal of a change made while viewing as. */
export type Judged = { access: Access } | { refused: { statusCode: number; message: string } };

/**
 * "View as" (no anchor has it): an admin's browser session shows the dashboard as another
 * identity would see it, read-only, to check a group's setup before telling people. While it
 * does, each request is decided with that identity's grants (its groups and what it owns; groups
 * from the identity provider hold per sign-in and are left out), every change is refused, and the
 * view ends by itself as soon as the signed-in user is no longer an admin.
 */
export async function judgeRequest(
  request: FastifyRequest,
  user: SignedInUser,
  grantsOf: GrantsSource,
): Promise<Judged> {
  const own = new Access(await grantsOf(user));
  const viewed = user.viewAs;
  const mode = request.routeOptions.config.whileViewingAs;
  if (viewed === undefined || mode === "as-signed-in-user" || !own.allows("admin", "server")) {
    return { access: own };
  }
  request.viewingAs = viewed;
  // A socket's upgrade is a GET, but what flows up it (a shell's keys, a stream's touches) is not
  // a read: only a socket declared as one (the events) is opened.
  const reads =
    mode === "reads" ||
    ((request.method === "GET" || request.method === "HEAD") && !isUpgrade(request));
  if (!reads) {
    const who = viewed.fullname || viewed.email;
    return {
      refused: {
        statusCode: 403,
        message: `You are viewing the dashboard as ${who}: it is read-only. Stop viewing as them to make changes.`,
      },
    };
  }
  return { access: new Access(await grantsOf({ ...user, id: viewed.id, providerGroups: [] })) };
}

/**
 * What a live session's user holds now, as the session watch asks it: their own grants, or, while
 * its admin views the dashboard as someone and is still an admin, that identity's (as
 * `judgeRequest` decides a request).
 */
export async function sessionGrants(
  holder: SessionHolder,
  grantsOf: (userId: string, providerGroups: readonly string[]) => Promise<HeldGrant[]>,
): Promise<HeldGrant[]> {
  const own = await grantsOf(holder.userId, holder.providerGroups);
  if (holder.viewAs === undefined || !allows(own, "admin", "server")) return own;
  return grantsOf(holder.viewAs, []);
}

/** Whether a request asks to become a websocket (read from its headers, before any upgrade). */
function isUpgrade(request: FastifyRequest): boolean {
  return request.headers.upgrade?.toLowerCase() === "websocket";
}
