// Runs the route fuzz: random requests (fuzz-inputs.ts) for each route of an HTTP API, sent one at
// a time, each answer checked: no 5xx, no hang, a refusal in the API's error envelope with a
// message, and nothing internal (a stack trace, a file path, a JavaScript engine's error) in it.
// Shared by the cluster's and the dashboard server's fuzz tests.
import { request as httpRequest } from "node:http";
import fc from "fast-check";
import type { FuzzRequest, FuzzRoute } from "./fuzz-inputs.ts";

export interface FuzzAnswer {
  status: number;
  text: string;
}

/** Where the API listens: a Unix socket (the cluster) or a TCP address (the dashboard). */
export type FuzzTarget = { socketPath: string } | { host: string; port: number };

/** Sends one request, failing when no complete answer comes within `timeoutMs` (a hang). */
export function sendFuzzRequest(
  target: FuzzTarget,
  request: FuzzRequest,
  timeoutMs: number,
): Promise<FuzzAnswer> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.body !== undefined) headers["content-length"] = String(request.body.length);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        ...target,
        method: request.method,
        path: request.path,
        headers,
        // A fresh connection each time: an answer the server got wrong cannot spoil the next one.
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString("utf8"),
          });
        });
      },
    );
    sent.on("error", (error) => {
      reject(
        new Error(
          `no answer within ${String(timeoutMs)} ms or a broken connection: ${error.message}`,
        ),
      );
    });
    sent.end(request.body);
  });
}

/**
 * What only a program's insides show: stack frames (their line breaks raw or escaped in JSON),
 * module paths, engine and database errors.
 */
const internalDetail =
  /(?:\n|\\n)\s*at \S+ \(|\bat (?:async )?[\w$.<>]+ \((?:file|node):|node:internal|node_modules|\.[cm]?[jt]s:\d+|Maximum call stack|Cannot read propert|is not a function|is not iterable|\b(?:RangeError|TypeError|ReferenceError)\b|SQLITE_|\bkysely\b/;

/**
 * What is wrong with an answer, or undefined when nothing is: a 5xx, a refusal without a message
 * in the API's envelope (`errorMessage` reads it), or an internal detail (`privateTexts`: the
 * repository's and the data directory's paths, which no answer should show).
 */
export function answerProblem(
  request: FuzzRequest,
  answer: FuzzAnswer,
  errorMessage: (body: unknown, status: number) => string | undefined,
  privateTexts: readonly string[],
): string | undefined {
  if (answer.status >= 500) return `answered ${String(answer.status)}`;
  const leaked =
    internalDetail.exec(answer.text)?.[0] ??
    privateTexts.find((text) => answer.text.includes(text));
  if (leaked !== undefined) return `showed an internal detail (${JSON.stringify(leaked)})`;
  // A HEAD answer has no body to carry a message.
  if (answer.status >= 400 && request.method !== "HEAD") {
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return `refused with ${String(answer.status)} without a JSON error envelope`;
    }
    const message = errorMessage(body, answer.status);
    if (message === undefined || message.trim() === "") {
      return `refused with ${String(answer.status)} without an error envelope and message`;
    }
  }
  return undefined;
}

/** A request as a reader can replay it (long texts cut). */
export function describeRequest(request: FuzzRequest): string {
  const cut = (text: string) =>
    text.length > 300 ? `${text.slice(0, 300)}… (${String(text.length)} chars)` : text;
  const headers = Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`);
  const body = request.body === undefined ? "" : `\n${cut(request.body.toString("utf8"))}`;
  return `${request.method} ${cut(request.path)}${headers.map((line) => `\n${line}`).join("")}${body}`;
}

/**
 * How much wider than in `make test` the fuzz runs: FUZZ_SCALE, a whole number (1 unless set),
 * multiplies each route's runs and the time they may take. A run of `make test` is a sample: an
 * input that fails once in thousands of runs (a number past a database integer, on PostgreSQL)
 * reached CI before a test found it. `make fuzz-wide` runs the fuzz tests at 20.
 */
export const fuzzScale = readFuzzScale(process.env.FUZZ_SCALE);

function readFuzzScale(text: string | undefined): number {
  if (text === undefined || text === "") return 1;
  if (!/^[1-9]\d{0,3}$/.test(text)) {
    throw new Error(`FUZZ_SCALE must be a whole number from 1 to 9999, not "${text}"`);
  }
  return Number(text);
}

/**
 * The options of a fuzz test's `describe`: its tests' time limit, the project's 30 s
 * (vitest.config.ts) at the scale of `make test`, more as FUZZ_SCALE widens the fuzz.
 */
export const fuzzTestOptions = { timeout: 30_000 * fuzzScale };

export interface RouteFuzzOptions<Route extends FuzzRoute> {
  requestOf: (route: Route) => fc.Arbitrary<FuzzRequest>;
  /** Sends a request for the route and returns what is wrong with its answer, if anything. */
  check: (request: FuzzRequest, route: Route) => Promise<string | undefined>;
  /** At the scale of `make test` (FUZZ_SCALE multiplies it). */
  runsPerRoute: number;
  /**
   * For all routes together, at the scale of `make test` (FUZZ_SCALE multiplies it): each gets its
   * share, so that the test stays within its time.
   */
  timeBudgetMs: number;
}

/**
 * Fuzzes each route in turn and returns one line per route that failed: what went wrong, for
 * which (shrunk) request, and the seed to replay it with. Every route is tried even after a
 * failure, so that one run lists all of them.
 */
export async function fuzzRoutes<Route extends FuzzRoute>(
  routes: readonly Route[],
  options: RouteFuzzOptions<Route>,
): Promise<string[]> {
  const failures: string[] = [];
  const budgetMs = options.timeBudgetMs * fuzzScale;
  const perRouteMs = Math.max(200, Math.floor(budgetMs / Math.max(1, routes.length)));
  for (const route of routes) {
    const details = await fc.check(
      fc.asyncProperty(options.requestOf(route), async (request) => {
        const problem = await options.check(request, route);
        if (problem !== undefined) throw new Error(`${problem}\n${describeRequest(request)}`);
      }),
      {
        numRuns: options.runsPerRoute * fuzzScale,
        plugins: [fc.interruptAfterTimeLimit(perRouteMs)],
      },
    );
    if (details.failed) {
      const error = details.errorInstance;
      const reason = error instanceof Error ? error.message : String(error);
      failures.push(
        `${route.method} ${route.url}: ${reason}\n(seed ${String(details.seed)}, path "${details.counterexamplePath ?? ""}")`,
      );
    }
  }
  return failures;
}
