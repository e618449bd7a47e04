import type { FastifyInstance } from "fastify";
import { jsonNestingMessage, jsonNestsDeeperThan } from "@anbox-dashboard/contract";
import { AmsError } from "../ams/envelope.ts";

/** Refuses a JSON text nested deeper than the contract allows, before anything parses or walks it. */
export function refuseDeepJson(text: string): void {
  if (jsonNestsDeeperThan(text)) throw new AmsError(400, jsonNestingMessage);
}

/**
 * Parses `application/json` bodies with Fastify's own parser (which refuses `__proto__` and
 * `constructor.prototype` keys) after checking their nesting depth: a body nested thousands of
 * levels deep would overflow the stack of recursive code that reads it, and answer a 500.
 */
export function useJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    try {
      refuseDeepJson(text);
    } catch (error) {
      done(error as AmsError, undefined);
      return;
    }
    return parse(request, text, done);
  });
}
