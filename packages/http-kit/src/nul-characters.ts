import type { FastifyInstance, FastifyRequest } from "fastify";
import { nulCharacterMessage, nulCharacterPath } from "@anbox-dashboard/contract";
import type { RefusalWording } from "./refusal-wording.ts";

/**
 * Refuses, before any route runs, a request whose path parameters, query or JSON body hold the
 * NUL character (the contract's validation/text-characters.ts): PostgreSQL cannot store it, so a
 * query with one failed and answered a 5xx. 400 naming where it is. Runs once the body is
 * parsed; an upload's raw bytes are not text. Call it on the root instance before any scope.
 */
export function refuseNulCharacters(app: FastifyInstance, wording: RefusalWording): void {
  app.addHook("preValidation", (request, _reply, done) => {
    const where = nulCharacterPlace(request);
    if (where === undefined) {
      done();
      return;
    }
    done(wording.error(400, `Invalid request: ${where} ${nulCharacterMessage}`));
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
