import type { FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "@anbox-dashboard/http-kit";

/** The ETag of an object at a revision: changes whenever the object is updated. */
export function etagOf(kind: string, id: string, revision: number): string {
  return `"${kind}-${id}-${revision}"`;
}

export function setEtag(reply: FastifyReply, etag: string): void {
  void reply.header("etag", etag);
}

/** Refuses (412) an update whose `If-Match` names another revision than the current one. */
export function checkIfMatch(request: FastifyRequest, currentEtag: string): void {
  const ifMatch = request.headers["if-match"];
  if (ifMatch === undefined || ifMatch === "*" || ifMatch === "") return;
  const accepted = ifMatch.split(",").map((tag) => tag.trim());
  if (!accepted.includes(currentEtag)) {
    throw new HttpError(
      412,
      "The object was changed since you read it (If-Match does not match its ETag); read it again",
    );
  }
}
