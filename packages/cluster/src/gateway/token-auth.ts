import type { FastifyRequest } from "fastify";
import type { ClusterDatabase } from "../store/database.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { checkServiceToken, type TokenCheck } from "./service-accounts.ts";
import { fieldsOf } from "@anbox-dashboard/http-kit";

const macaroonHeader = /^\s*macaroon\s+root=(\S+)\s*$/i;
const howToSend = "send Authorization: macaroon root=<token> or ?api_token=<token>";

/**
 * The service-account token a request presents (reference 3.1): the header
 * `Authorization: macaroon root=<token>` (the SDK writes "Macaroon"), else the query `api_token`.
 */
export function presentedToken(request: FastifyRequest): { token: string } | { missing: string } {
  const header = request.headers.authorization;
  if (header !== undefined && header !== "") {
    const match = macaroonHeader.exec(header);
    if (!match?.[1])
      return { missing: `The Authorization header is not a gateway token: ${howToSend}` };
    return { token: match[1] };
  }
  const fromQuery = fieldsOf(request.query).api_token;
  if (typeof fromQuery === "string" && fromQuery !== "") return { token: fromQuery };
  if (fromQuery !== undefined) return { missing: `Give api_token once: ${howToSend}` };
  return { missing: `A service account token is required: ${howToSend}` };
}

/** Whether the request carries a valid token, and why not. */
export async function checkRequestToken(
  db: ClusterDatabase,
  request: FastifyRequest,
): Promise<TokenCheck> {
  const presented = presentedToken(request);
  if ("missing" in presented) return { valid: false, reason: presented.missing };
  return checkServiceToken(db, presented.token);
}

/** Refuses (401) a request without a valid, unexpired, unrevoked service-account token. */
export async function requireServiceAccount(
  db: ClusterDatabase,
  request: FastifyRequest,
): Promise<string> {
  const check = await checkRequestToken(db, request);
  if (!check.valid) throw new HttpError(401, check.reason);
  return check.account;
}
