import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../server-context.ts";
import { loginCookiePrefix, type LoginTransactionSealer } from "./login-transaction.ts";

/** Where login transaction cookies are sent: every sign-in route, nothing else. */
export const loginCookiePath = "/api/";
/** A browser keeps at most this many sign-ins in progress; older ones are dropped. */
const maxPendingLogins = 3;

/** What every cookie of the sign-in (the transaction's, the session's) is set with. */
export function cookieBase(context: ServerContext) {
  return { httpOnly: true, sameSite: "lax", secure: context.secureCookies } as const;
}

/** Keeps the newest few sign-ins in progress: a login button clicked many times adds no more. */
export function dropOldTransactions(
  sealer: LoginTransactionSealer,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const pending = Object.entries(request.cookies)
    .filter(([name]) => name.startsWith(loginCookiePrefix))
    .map(([name, value]) => ({ name, createdAt: sealer.open(name, value ?? "")?.createdAt ?? 0 }))
    .sort((a, b) => b.createdAt - a.createdAt);
  for (const stale of pending.slice(maxPendingLogins - 1)) {
    void reply.clearCookie(stale.name, { path: loginCookiePath });
  }
}
