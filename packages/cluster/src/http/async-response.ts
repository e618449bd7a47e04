import type { FastifyReply } from "fastify";
import type { AmsAsyncResponse, AmsOperation } from "@anbox-dashboard/contract";

/** Answers a write as AMS does: 202, a `Location` header naming the operation, and the async envelope. */
export function sendOperation(reply: FastifyReply, operation: AmsOperation): FastifyReply {
  const url = `/1.0/operations/${operation.id}`;
  const body: AmsAsyncResponse<AmsOperation> = {
    type: "async",
    status: "Operation created",
    status_code: 100,
    operation: url,
    error_code: 0,
    error: "",
    metadata: operation,
  };
  return reply.code(202).header("location", url).send(body);
}
