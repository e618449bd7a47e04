import type { FastifyRequest } from "fastify";
import type { SignedInUser } from "../store/browser-sessions.ts";
import { HttpError } from "@anbox-dashboard/http-kit";

/**
 * The signed-in user of a request to a session route, whom the session gate found before the
 * route ran. A 401 should a route ever be reached without one (declared public by mistake).
 */
export function signedInUser(request: FastifyRequest): SignedInUser {
  if (request.user === null) throw new HttpError(401, "You are not signed in.");
  return request.user;
}
