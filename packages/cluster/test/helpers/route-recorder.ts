// The route tables of the Fastify servers a test starts, recorded as they are built: Fastify
// announces every new instance on the `fastify.initialization` diagnostics channel before any
// route is added, so an `onRoute` hook added there sees them all, those of encapsulated plugins
// included. A route added to the cluster later is in the table without anyone listing it.
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import type { FastifyInstance } from "fastify";
import type { FuzzRoute } from "./fuzz-inputs.ts";

export interface RouteRecorder {
  /** The routes registered on `app` while recording, one per method (Fastify's own HEAD routes included). */
  routesOf(app: FastifyInstance): readonly FuzzRoute[];
  stop(): void;
}

const initializationChannel = "fastify.initialization";

export function recordFastifyRoutes(): RouteRecorder {
  const tables = new Map<FastifyInstance, FuzzRoute[]>();
  const onInitialization = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    const table: FuzzRoute[] = [];
    tables.set(fastify, table);
    fastify.addHook("onRoute", (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) table.push({ method, url: route.url });
    });
  };
  subscribe(initializationChannel, onInitialization);
  return {
    routesOf: (app) => tables.get(app) ?? [],
    stop: () => {
      unsubscribe(initializationChannel, onInitialization);
    },
  };
}
