import type { FastifyRequest } from "fastify";
import { textOf } from "@anbox-dashboard/http-kit";

/** What an audit entry says of the request it records: where from, which browser, which request. */
export function requestFacts(request: FastifyRequest): {
  address: string;
  userAgent: string;
  requestId: string;
} {
  return {
    address: request.ip,
    userAgent: textOf(request.headers, "user-agent") ?? "",
    requestId: request.id,
  };
}
