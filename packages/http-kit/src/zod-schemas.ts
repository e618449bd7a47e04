import type { FastifyInstance, FastifyTypeProvider } from "fastify";
import type { z } from "zod";
import type { InputParser } from "./parse-input.ts";

/**
 * Routes declare their path parameters, query and body as the contract's zod schemas
 * (`schema: { params, querystring, body }`), and their handlers get them typed as those schemas
 * read them, with no cast (`app.withTypeProvider<ZodSchemas>()`).
 */
export interface ZodSchemas extends FastifyTypeProvider {
  validator: this["schema"] extends z.ZodType ? z.output<this["schema"]> : unknown;
  serializer: this["schema"] extends z.ZodType ? z.input<this["schema"]> : unknown;
}

/** What a part of the request is called in a refusal, unless its schema is described. */
const partNames: Record<string, string> = {
  params: "path",
  querystring: "query",
  body: "body",
  headers: "headers",
};

function isZodSchema(schema: unknown): schema is z.ZodType {
  return typeof schema === "object" && schema !== null && "safeParse" in schema;
}

/**
 * Checks the parts of a request a route's schema names with the API's own input parser, before
 * the handler runs: what does not fit is refused with the same 400 as `parseInput` gives, named
 * by the schema's description ("instance update") or the part. An absent body is read as
 * undefined (Fastify hands a validator null), so an optional body stays optional.
 */
export function useZodSchemas(app: FastifyInstance, parseInput: InputParser): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (!isZodSchema(schema)) throw new Error(`A route's ${String(httpPart)} schema is not zod`);
    const what = schema.description ?? partNames[httpPart ?? ""] ?? "request";
    return (data: unknown) => {
      try {
        return { value: parseInput(schema, data ?? undefined, what) };
      } catch (error) {
        return { error: error instanceof Error ? error : new Error(String(error)) };
      }
    };
  });
}
