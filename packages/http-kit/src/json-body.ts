import type { FastifyInstance } from "fastify";
import { jsonNestingMessage, jsonNestsDeeperThan } from "@anbox-dashboard/contract";
import type { RefusalWording } from "./refusal-wording.ts";

/**
 * Parses `application/json` bodies with Fastify's own parser (which refuses `__proto__` and
 * `constructor.prototype` keys) after checking their nesting depth: a body nested thousands of
 * levels deep passes a schema that lets a field be anything (`source` of an instance), then
 * overflows the stack of recursive code that reads it (`JSON.stringify` passing it on), which
 * answered 5xx. Call it on the root instance before any scope, so that every route inherits it.
 */
export function useJsonBodyParser(app: FastifyInstance, wording: RefusalWording): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (jsonNestsDeeperThan(text)) {
      done(wording.error(400, jsonNestingMessage), undefined);
      return;
    }
    return parse(request, text, done);
  });
}
