// The pieces both APIs' routes share: the error class, the input parser bound to an API's wording,
// request fields read without casts, and bounded concurrency.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import Fastify from "fastify";
import {
  fieldsOf,
  HttpError,
  inputParser,
  mapBounded,
  textOf,
  useZodSchemas,
  type ZodSchemas,
} from "../src/index.ts";
import type { RefusalWording } from "../src/index.ts";

const sentences: RefusalWording = {
  body: (status, message) => ({ status, message: `${message}.` }),
  error: (status, message) => new HttpError(status, `${message}.`),
  internalError: "The server failed",
};

describe("inputParser", () => {
  const parseInput = inputParser(sentences);
  const schema = z.object({
    size: z.number().refine((size) => [30, 50].includes(size), "size must be 30 or 50"),
    resources: z.object({ cpus: z.number().min(1, "must be at least 1") }),
  });

  it("returns what fits, as the schema reads it", () => {
    expect(parseInput(schema, { size: 30, resources: { cpus: 2 } }, "query")).toEqual({
      size: 30,
      resources: { cpus: 2 },
    });
  });

  it("refuses what does not fit with a 400 in the API's words naming every bad field once", () => {
    let refusal: unknown;
    try {
      parseInput(schema, { size: 31, resources: { cpus: 0 } }, "instance");
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({
      statusCode: 400,
      message: "Invalid instance: size must be 30 or 50; resources.cpus: must be at least 1.",
    });
  });
});

describe("request fields", () => {
  it("reads fields of what Fastify parsed, and text only where it is text", () => {
    const query: unknown = { clusterId: "lab", empty: "", twice: ["a", "b"] };
    expect(fieldsOf(query).twice).toEqual(["a", "b"]);
    expect(fieldsOf(undefined)).toEqual({});
    expect(textOf(query, "clusterId")).toBe("lab");
    expect([textOf(query, "empty"), textOf(query, "twice"), textOf(null, "x")]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe("mapBounded", () => {
  it("keeps the items' order with at most that many calls running at once", async () => {
    let running = 0;
    let most = 0;
    const results = await mapBounded([5, 1, 4, 2, 3], 2, async (ms) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running -= 1;
      return ms * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
  });
});

describe("useZodSchemas", () => {
  it("hands a route its params and body as its schemas read them, and refuses the rest as parseInput does", async () => {
    const app = Fastify().withTypeProvider<ZodSchemas>();
    useZodSchemas(app, inputParser(sentences));
    app.setErrorHandler((error, _request, reply) =>
      error instanceof HttpError
        ? reply.code(error.statusCode).send({ message: error.message })
        : reply.code(500).send({ message: "unexpected" }),
    );
    app.patch(
      "/things/:id",
      {
        schema: {
          params: z.object({ id: z.string().min(1) }),
          body: z.object({ count: z.number().int() }).optional().describe("thing update"),
        },
      },
      (request) => ({ id: request.params.id, count: request.body?.count ?? "none" }),
    );
    const send = (payload?: Record<string, unknown>) =>
      app.inject({
        method: "PATCH",
        url: "/things/t1",
        ...(payload === undefined ? {} : { payload }),
      });
    expect((await send({ count: 3 })).json()).toEqual({ id: "t1", count: 3 });
    expect((await send()).json()).toEqual({ id: "t1", count: "none" });
    const refused = await send({ count: 1.5 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: "Invalid thing update: count: Invalid input: expected int, received number.",
    });
    await app.close();
  });
});
