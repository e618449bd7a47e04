import type { ApiErrorBody } from "@anbox-dashboard/contract";
import { apiUrl, type QueryParams } from "./api-url.ts";
import { takeEarlyResponse } from "./early-responses.ts";
import { idempotencyKeyHeader } from "./idempotency-key.ts";

export type { QueryParams };

/** A failed `/api/...` call: the HTTP status and the server's message, ready to show. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

/** Whether a failed call means the thing is not there (deleted, or a wrong link). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export interface ApiFetchOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  params?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * How to read a successful answer: parsed as JSON (the default), or as the text it is (a log
   * file). A failure is read the same way in both: the server's JSON error.
   */
  responseType?: "json" | "text";
  /** A creating request's key (`newIdempotencyKey`): the server does it once per key. */
  idempotencyKey?: string | undefined;
  /** Sent even if the page goes away meanwhile (a stream page's leave). */
  keepalive?: boolean;
}

/**
 * The one way the dashboard calls its server: builds the query string, sends JSON, and turns any
 * failure into an `ApiError` carrying the status and the server's message.
 */
export function apiFetch(
  path: string,
  options: ApiFetchOptions & { responseType: "text" },
): Promise<string>;
export function apiFetch<T>(
  path: string,
  options?: ApiFetchOptions & { responseType?: "json" },
): Promise<T>;
export async function apiFetch<T>(
  path: string,
  options: ApiFetchOptions = {},
): Promise<T | string> {
  const url = apiUrl({ path, params: options.params });
  const asText = options.responseType === "text";
  // A text answer may still fail with the server's JSON error: accept both then.
  const headers: Record<string, string> = {
    accept: asText ? "text/plain, application/json;q=0.9" : "application/json",
  };
  const init: RequestInit = {
    method: options.method ?? "GET",
    headers,
    credentials: "same-origin",
  };
  if (options.signal) init.signal = options.signal;
  if (options.keepalive === true) init.keepalive = true;
  if (options.idempotencyKey !== undefined) headers[idempotencyKeyHeader] = options.idempotencyKey;
  if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }

  // The page's first read may have been started before the app ran (early-requests.ts).
  const early = init.method === "GET" && !asText ? takeEarlyResponse(url) : undefined;
  let response: Response;
  try {
    response = await (early ?? fetch(url, init));
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "The dashboard server cannot be reached. Check your connection.");
  }
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, errorMessage(text, response.statusText));
  if (asText) return text;
  return (text === "" ? undefined : JSON.parse(text)) as T;
}

/** The server's message in a failed answer's text, or `fallback` when it holds none. */
export function errorMessage(text: string, fallback: string): string {
  try {
    const message = messageOf(JSON.parse(text));
    if (message !== undefined) return message;
  } catch {
    // Not JSON (a proxy's error page, say): fall through to the status text.
  }
  return fallback === "" ? "Unknown reason" : fallback;
}

/**
 * The `message` of an error body (`ApiErrorBody`). Read by hand, not with the contract's schema:
 * every page loads this file first, and zod would add 26 KB gzipped to it (the server's tests check
 * its answers with `apiErrorSchema`).
 */
function messageOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || !("message" in body)) return undefined;
  const message: unknown = (body as Partial<Record<keyof ApiErrorBody, unknown>>).message;
  return typeof message === "string" ? message : undefined;
}
