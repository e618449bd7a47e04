import type { FastifyInstance, FastifyRequest } from "fastify";
import { nulCharacterMessage, nulCharacterPath } from "@anbox-dashboard/contract";
import { AmsError } from "../ams/envelope.ts";

/**
 * Refuses, before any route runs, a request whose path parameters, query or JSON body hold the
 * NUL character (the contract's validation/text-characters.ts: PostgreSQL cannot store it, and a
 * query with one answered 500): 400 naming where it is. Runs once the body is parsed; an upload's
 * raw bytes are not text.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook("preValidation", (request, _reply, done) => {
    const where = nulCharacterPlace(request);
    if (where === undefined) {
      done();
      return;
    }
    done(new AmsError(400, `Invalid request: ${where} ${nulCharacterMessage}`));
  });
}

function nulCharacterPlace(request: FastifyRequest): string | undefined {
  const inputs: [string, unknown][] = [
    ["path parameter", request.params],
    ["query parameter", request.query],
    ["body field", Buffer.isBuffer(request.body) ? undefined : request.body],
  ];
  for (const [what, input] of inputs) {
    const path = nulCharacterPath(input);
    if (path !== undefined) return path === "" ? "the body" : `${what} ${path}`;
  }
  return undefined;
}
