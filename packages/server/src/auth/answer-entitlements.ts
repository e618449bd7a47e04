import type { FastifyInstance, FastifyRequest } from "fastify";
import { entitlementsOn, type ResourceName } from "@anbox-dashboard/contract";
import { HttpError } from "@anbox-dashboard/http-kit";
import { sendApiError } from "../http/api-error.ts";
import type { Access } from "./access.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route answers `?entitlements=1`: each resource it returns (`metadata`, one or a list,
     * or the list itself) gets `access_entitlements`, what the caller may do with it. Its kind is
     * the one the route's `acts` names.
     */
    answersEntitlements?: true;
  }
}

/**
 * `?entitlements=1` on the routes that declare `answersEntitlements`: LXD's
 * `with-access-entitlements`, without having to name them: every entitlement of the resource's
 * kind (the catalogue) the caller holds on it, decided by the same function as everything else.
 * Another value than 1/true/0/false is a 400, before the route runs.
 */
export function registerEntitlementsAnswer(app: FastifyInstance): void {
  app.addHook("preHandler", async (request, reply) => {
    if (request.routeOptions.config.answersEntitlements !== true) return;
    try {
      entitlementsAsked(request);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      await sendApiError(reply, error.statusCode, error.message);
      return reply;
    }
  });
  app.addHook("preSerialization", (request, reply, payload: unknown) => {
    const { config } = request.routeOptions;
    const kind = config.acts?.on;
    const access = request.access;
    // An error answered (the question refused above among them) is sent as it is.
    const answered = reply.statusCode < 300 && config.answersEntitlements === true;
    if (!answered || access === null || kind === undefined) return Promise.resolve(payload);
    if (kind === "own-account" || kind === "server" || !entitlementsAsked(request)) {
      return Promise.resolve(payload);
    }
    return Promise.resolve(withEntitlements(payload, kind, access));
  });
}

/** Whether the request asks for them: `entitlements=1` (or `true`), once. */
function entitlementsAsked(request: FastifyRequest): boolean {
  const values = new URL(request.raw.url ?? "/", "http://x").searchParams.getAll("entitlements");
  if (values.length === 0) return false;
  const [value] = values;
  if (values.length > 1 || value === undefined || !["1", "true", "0", "false"].includes(value)) {
    throw new HttpError(400, "Give entitlements once, as 1 (or true) to have them, 0 not to.");
  }
  return value === "1" || value === "true";
}

type Item = Record<string, unknown>;

/** The resource an item of a route about `kind` is, read from the fields that name it. */
function resourceOfItem(kind: string, item: Item): ResourceName | undefined {
  const text = (key: string) => (typeof item[key] === "string" ? item[key] : undefined);
  switch (kind) {
    case "cluster":
      return text("id") === undefined ? undefined : `cluster:${text("id") ?? ""}`;
    case "group":
      return text("name") === undefined ? undefined : `group:${text("name") ?? ""}`;
    case "identity":
      return text("id") === undefined ? undefined : `identity:${text("id") ?? ""}`;
    case "instance":
    case "application":
    case "image":
    case "node": {
      const cluster = text("clusterId");
      const id = kind === "node" ? text("name") : text("id");
      return cluster === undefined || id === undefined ? undefined : `${kind}:${cluster}/${id}`;
    }
    default:
      return undefined;
  }
}

function withItemEntitlements(value: unknown, kind: string, access: Access): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const item = value as Item;
  const resource = resourceOfItem(kind, item);
  if (resource === undefined) return value;
  return { ...item, access_entitlements: entitlementsOn(access.grants, resource) };
}

function withEntitlements(payload: unknown, kind: string, access: Access): unknown {
  const each = (value: unknown) =>
    Array.isArray(value)
      ? value.map((item) => withItemEntitlements(item, kind, access))
      : withItemEntitlements(value, kind, access);
  if (Array.isArray(payload)) return each(payload);
  if (typeof payload !== "object" || payload === null || !("metadata" in payload)) return payload;
  return { ...payload, metadata: each(payload.metadata) };
}
