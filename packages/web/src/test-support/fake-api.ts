import { vi } from "vitest";

/** One call the page made, as the fake API received it. */
export interface FakeCall {
  method: string;
  url: URL;
  /** The JSON body, parsed; undefined when there is none. */
  body: unknown;
  /** The request's abort signal, for an answer that waits to end when the page cancels it. */
  signal: AbortSignal | undefined;
  headers: Headers;
}

/** What a route answers: a Response, or a body sent as JSON with 200. */
type Answer = Response | Promise<Response> | object;

interface FakeRoute {
  method: string;
  path: string | RegExp;
  answer: (call: FakeCall, match: RegExpExecArray | undefined) => Answer;
}

/** A JSON answer. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status });
}

/** The dashboard's error answer: its status and message, as `apiFetch` reads them. */
export function apiError(status: number, message: string): Response {
  return json({ status, error: status === 404 ? "Not Found" : "Error", message }, status);
}

/**
 * The one fake `/api` of the component tests: `fetch` stubbed with routes declared by method and
 * path (a string, or a pattern whose groups the answer gets), tried in the order declared; every
 * call is recorded; a call no route takes is a 404 naming it. A test declares what its page asks
 * for, and the state it answers from is the test's own.
 */
export class FakeApi {
  readonly calls: FakeCall[] = [];
  private readonly routes: FakeRoute[] = [];
  private readonly onCall: ((call: FakeCall) => void) | undefined;

  /** `onCall` sees each call as it arrives (a test's own record of them, in its own shape). */
  constructor(onCall?: (call: FakeCall) => void) {
    this.onCall = onCall;
    vi.stubGlobal(
      "fetch",
      vi.fn((input: URL | string, init?: RequestInit) => this.answer(input, init)),
    );
  }

  /** Answers `method` calls to `path` ("*" for any method). */
  on(method: string, path: string | RegExp, answer: FakeRoute["answer"]): this {
    this.routes.push({ method, path, answer });
    return this;
  }

  private answer(input: URL | string, init: RequestInit | undefined): Promise<Response> {
    const url = new URL(String(input), "http://dashboard.test");
    const method = init?.method ?? "GET";
    const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const call = {
      method,
      url,
      body,
      signal: init?.signal ?? undefined,
      headers: new Headers(init?.headers),
    };
    this.calls.push(call);
    this.onCall?.(call);
    for (const route of this.routes) {
      if (route.method !== "*" && route.method !== method) continue;
      const match =
        typeof route.path === "string" ? undefined : (route.path.exec(url.pathname) ?? null);
      if (typeof route.path === "string" ? route.path !== url.pathname : match === null) continue;
      const answered = route.answer(call, match ?? undefined);
      return Promise.resolve(answered).then((value) =>
        value instanceof Response ? value : json(value),
      );
    }
    return Promise.resolve(apiError(404, `No ${method} ${url.pathname}`));
  }
}
