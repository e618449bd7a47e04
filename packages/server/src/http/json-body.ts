import type { FastifyInstance } from "fastify";
import { jsonNestingMessage, jsonNestsDeeperThan } from "@anbox-dashboard/contract";
import { ApiError } from "../api/api-error.ts";

/**
 * Parses `application/json` bodies with Fastify's own parser (which refuses `__proto__` and
 * `constructor.prototype` keys) after checking their nesting depth: a body nested thousands of
 * levels deep passes a schema that lets a field be anything (`source` of an instance), then
 * overflows the stack of `JSON.stringify` when it is passed on to the cluster. Call it on the root
 * instance before any scope, so that every route inherits it.
 */
export function useJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (jsonNestsDeeperThan(text)) {
      done(new ApiError(400, `${jsonNestingMessage}.`), undefined);
      return;
    }
    return parse(request, text, done);
  });
}
