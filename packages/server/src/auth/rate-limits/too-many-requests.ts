import type { FastifyReply } from "fastify";
import { sendApiError } from "../../http/api-error.ts";
import { describeWait, retryAfterSeconds } from "./wait-time.ts";

/** An `/api` call refused by a rate limit: 429, `Retry-After`, and what to do in words. */
export function sendTooManyRequests(
  reply: FastifyReply,
  waitMs: number,
  what: string,
): FastifyReply {
  void reply.header("retry-after", String(retryAfterSeconds(waitMs)));
  return sendApiError(reply, 429, `${what} Try again in ${describeWait(waitMs)}.`);
}
