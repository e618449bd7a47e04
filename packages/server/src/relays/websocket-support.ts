import type { FastifyInstance } from "fastify";
import fastifyWebsocket from "@fastify/websocket";

/**
 * Registers @fastify/websocket once. Call it before any other `onRequest` hook (the session gate,
 * the CSRF rule): the plugin's own hook marks upgrade requests so that a refused handshake's
 * socket is closed after the answer; registered later, a refusal (401, 403) leaves it open.
 */
export async function registerWebsocketSupport(app: FastifyInstance): Promise<void> {
  if (!app.hasDecorator("websocketServer")) await app.register(fastifyWebsocket);
}
