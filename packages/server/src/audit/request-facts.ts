import type { FastifyRequest } from "fastify";
import { textOf } from "@anbox-dashboard/http-kit";

/** What an audit entry says of the request it records: where from, which browser, which request. */
export function requestFacts(request: FastifyRequest): {
  address: string;
  userAgent: string;
  requestId: string;
} {
  // Read while the request's socket is open: once it has closed, the address is gone.
  return {
    address: request.ip,
    userAgent: textOf(request.headers, "user-agent") ?? "",
    requestId: request.id,
  };
}
