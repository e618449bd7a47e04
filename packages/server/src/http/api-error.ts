import { HttpError, type RefusalWording } from "@anbox-dashboard/http-kit";
import type { FastifyReply } from "fastify";
import type { ApiErrorBody } from "@anbox-dashboard/contract";

const reasonPhrases: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  408: "Request Timeout",
  409: "Conflict",
  412: "Precondition Failed",
  413: "Payload Too Large",
  414: "URI Too Long",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

export function apiErrorBody(status: number, message: string): ApiErrorBody {
  return { status, error: reasonPhrases[status] ?? "Error", message };
}

export function sendApiError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send(apiErrorBody(status, message));
}

/**
 * How the dashboard's API words the refusals made before its routes run (http-kit): its messages
 * are sentences.
 */
export const apiRefusals: RefusalWording = {
  body: (status, message) => apiErrorBody(status, `${message}.`),
  error: (status, message) => new HttpError(status, `${message}.`),
  internalError: "The server failed to handle this request",
};
