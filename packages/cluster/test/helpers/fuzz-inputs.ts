// Hostile HTTP input for the route fuzz tests (the cluster's and the dashboard server's): random
// requests for a route pattern, with every kind of bad input an attacker or a broken client sends,
// in path parameters, query strings and bodies. Pure fast-check arbitraries, no package code: the
// dashboard server's fuzz test uses them too (it may depend on the cluster package, not the reverse).
import fc from "fast-check";
import { z } from "zod";

/** One route as its framework registered it (`/1.0/instances/:id`). */
export interface FuzzRoute {
  method: string;
  url: string;
}

export interface FuzzRequest {
  method: string;
  /** Path and query, encoded as sent. */
  path: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

export interface FuzzVocabulary {
  /** Field and parameter names the API knows: random values under real names reach deeper. */
  fieldNames: readonly string[];
  /** Values that mean something to this API (an existing cluster id, a node name). */
  knownValues: readonly string[];
  /**
   * Query parameters most calls need to get anywhere (`clusterId=default`), sent with half the
   * queries, so that the rest of the query and the body are read rather than refused first.
   */
  usualParameters: string;
}

/**
 * Every object key of every zod schema the contract exports, nested ones included: the names the
 * APIs read, kept in step with the schemas without a list to maintain.
 */
export function contractFieldNames(exports: Record<string, unknown>): string[] {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): void => {
    if (depth > 12 || typeof value !== "object" || value === null || seen.has(value)) return;
    seen.add(value);
    if (value instanceof z.ZodObject) {
      for (const [name, field] of Object.entries(value.shape)) {
        names.add(name);
        visit(field, depth + 1);
      }
    }
    // Wrappers (optional, array, pipe, union…) keep their inner schemas in their definition.
    if (value instanceof z.ZodType) visit(value.def, depth + 1);
    else for (const inner of Object.values(value)) visit(inner, depth + 1);
  };
  for (const value of Object.values(exports)) visit(value, 0);
  return [...names].sort();
}

/** Percent-encodes every byte but letters, digits, `-` and `_`: any string (lone surrogates too) becomes one path segment or query value, never a dot segment. */
export function percentEncode(value: string): string {
  let encoded = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const char = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9_-]/.test(char)
      ? char
      : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return encoded;
}

/** Raw URL pieces that test the router's decoding: bad escapes, encoded slashes, NUL, overlong UTF-8. */
const rawUrlPieces = [
  "%zz",
  "%",
  "%00",
  "%2F",
  "%252F",
  "%C0%AF",
  "%ff%fe",
  "%E2%82",
  ";",
  "a;b=c",
  "*",
  "+",
  "~",
  "!$&'()*,=:@",
];

/** Texts that mean something to a parser: numbers out of range, keywords, injections. */
const trickyTexts = [
  "",
  " ",
  "0",
  "-1",
  "1.5",
  "1e309",
  "-1e309",
  "NaN",
  "Infinity",
  "99999999999999999999999999",
  "9007199254740993",
  // One past a 32-bit database integer (PostgreSQL's `integer`), in paths and queries too.
  "2147483648",
  "0x1f",
  "true",
  "null",
  "undefined",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "00000000-0000-0000-0000-000000000000",
  "../../../../etc/passwd",
  "<script>alert(1)</script>",
  "' OR '1'='1' --",
  "%s%s%n",
  "\u0000",
  "\u202e\u0301",
  "😀👩‍👩‍👧",
  "İıß",
  "\ud800",
];

/** A text of any kind: unicode, lone surrogates and control characters, tricky, or long. */
export function fuzzText(
  knownValues: readonly string[],
  maxLongLength: number,
): fc.Arbitrary<string> {
  const long = fc
    .tuple(
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 3 }),
      fc.nat({ max: maxLongLength }),
    )
    .map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length)).slice(0, length));
  return fc.oneof(
    { arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }), weight: 3 },
    { arbitrary: fc.string({ unit: "binary", maxLength: 30 }), weight: 2 },
    { arbitrary: fc.constantFrom(...trickyTexts), weight: 3 },
    { arbitrary: fc.constantFrom(...knownValues, "x"), weight: 3 },
    { arbitrary: long, weight: 1 },
  );
}

/** Numbers as JSON text, out of every range a parser or a database column has. */
const hugeNumberTexts = [
  "1e400",
  "-1e400",
  "1e-400",
  "-0",
  "123456789012345678901234567890123456789",
  "-9223372036854775809",
  "18446744073709551616",
  "9007199254740993",
  "0.1e1",
  "2147483648",
  "4294967296",
  `1${"0".repeat(400)}`,
];

/** JSON text nested `depth` levels deep (`[[[…]]]`, `{"k":{"k":…}}`, or alternating). */
function nestedJson(depth: number, kind: "array" | "object" | "mixed", key: string): string {
  const keyText = JSON.stringify(key);
  let opening = "";
  let closing = "";
  for (let level = 0; level < depth; level += 1) {
    const array = kind === "array" || (kind === "mixed" && level % 2 === 0);
    opening += array ? "[" : `{${keyText}:`;
    closing = (array ? "]" : "}") + closing;
  }
  return `${opening}1${closing}`;
}

/** A JSON value as text: random, huge numbers, texts, wrong types, nesting shallow or deep. */
function jsonValueText(vocabulary: FuzzVocabulary): fc.Arbitrary<string> {
  const name = fc.constantFrom(...vocabulary.fieldNames);
  return fc.oneof(
    { arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)), weight: 4 },
    { arbitrary: fc.constantFrom(...hugeNumberTexts), weight: 2 },
    {
      arbitrary: fuzzText(vocabulary.knownValues, 5_000).map((text) => JSON.stringify(text)),
      weight: 3,
    },
    {
      // Around the nesting limit, and far past it: what overflows recursive code.
      arbitrary: fc
        .tuple(
          fc.oneof(fc.integer({ min: 2, max: 60 }), fc.integer({ min: 1_000, max: 20_000 })),
          fc.constantFrom("array", "object", "mixed"),
          name,
        )
        .map(([depth, kind, key]) => nestedJson(depth, kind, key)),
      weight: 2,
    },
  );
}

/** A JSON object whose keys are mostly the API's own field names, each with a hostile value. */
function fieldsObjectText(vocabulary: FuzzVocabulary): fc.Arbitrary<string> {
  const key = fc.oneof(
    { arbitrary: fc.constantFrom(...vocabulary.fieldNames), weight: 5 },
    { arbitrary: fuzzText(vocabulary.knownValues, 200), weight: 1 },
  );
  return fc
    .array(fc.tuple(key, jsonValueText(vocabulary)), { maxLength: 6 })
    .map(
      (entries) =>
        `{${entries.map(([name, value]) => `${JSON.stringify(name)}:${value}`).join(",")}}`,
    );
}

interface FuzzBody {
  contentType: string | undefined;
  body: Buffer;
}

const json = (text: string): FuzzBody => ({
  contentType: "application/json",
  body: Buffer.from(text, "utf8"),
});

/**
 * A request body: none; random JSON; the API's fields with hostile values; nesting thousands of
 * levels deep; strings of up to `maxBodyBytes`; text that is not JSON; another content type.
 */
export function fuzzBody(
  vocabulary: FuzzVocabulary,
  maxBodyBytes: number,
): fc.Arbitrary<FuzzBody | undefined> {
  const name = fc.constantFrom(...vocabulary.fieldNames);
  const deep = fc
    .tuple(
      fc.integer({ min: 1_000, max: 100_000 }),
      fc.constantFrom("array", "object", "mixed"),
      name,
      fc.boolean(),
    )
    .map(([depth, kind, key, underField]) => {
      const nested = nestedJson(depth, kind, key);
      return json(underField ? `{${JSON.stringify(key)}:${nested}}` : nested);
    });
  const longString = fc
    .tuple(name, fc.integer({ min: 10_000, max: maxBodyBytes }), fc.constantFrom("x", "é", "😀"))
    .map(([key, length, piece]) =>
      json(`{${JSON.stringify(key)}:${JSON.stringify(piece.repeat(length / piece.length))}}`),
    );
  const otherType = fc
    .tuple(
      fc.constantFrom(
        "text/plain",
        "application/x-www-form-urlencoded",
        "application/octet-stream",
        "application/zip",
        "application/x-bzip2",
        "multipart/form-data; boundary=x",
        "application/json; charset=utf-16",
        "application/json;;",
        "application/vnd.api+json",
        "*/*",
        "",
      ),
      fc.uint8Array({ maxLength: 2_000 }),
    )
    .map(([contentType, bytes]) => ({ contentType, body: Buffer.from(bytes) }));
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 2 },
    { arbitrary: fieldsObjectText(vocabulary).map(json), weight: 8 },
    { arbitrary: jsonValueText(vocabulary).map(json), weight: 3 },
    { arbitrary: deep, weight: 2 },
    { arbitrary: longString, weight: 1 },
    { arbitrary: fuzzText(vocabulary.knownValues, 2_000).map(json), weight: 1 },
    { arbitrary: fc.constant(json("")), weight: 1 },
    { arbitrary: otherType, weight: 2 },
  );
}

/** A query string (with its `?`), or none: the API's parameter names with hostile values, repeated names, bad escapes. */
export function fuzzQuery(vocabulary: FuzzVocabulary): fc.Arbitrary<string> {
  const name = fc.oneof(
    { arbitrary: fc.constantFrom(...vocabulary.fieldNames), weight: 4 },
    { arbitrary: fuzzText(vocabulary.knownValues, 100), weight: 1 },
  );
  const pair = fc.oneof(
    {
      arbitrary: fc
        .tuple(name, fuzzText(vocabulary.knownValues, 1_000))
        .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`),
      weight: 6,
    },
    { arbitrary: name.map(percentEncode), weight: 1 },
    {
      arbitrary: fc
        .tuple(name, fc.constantFrom(...rawUrlPieces, "a[b]=c", "=", "&&"))
        .map(([key, raw]) => `${percentEncode(key)}=${raw}`),
      weight: 1,
    },
  );
  const usual = vocabulary.usualParameters === "" ? [] : [vocabulary.usualParameters];
  return fc
    .tuple(fc.boolean(), fc.array(pair, { maxLength: 6 }))
    .map(([withUsual, pairs]) => [...(withUsual ? usual : []), ...pairs])
    .map((pairs) => (pairs.length === 0 ? "" : `?${pairs.join("&")}`));
}

/** A value for a path parameter: any text (encoded), a raw piece that tests the URL's decoding, or a known value. */
function pathSegment(vocabulary: FuzzVocabulary): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fuzzText(vocabulary.knownValues, 1_000).map(percentEncode), weight: 5 },
    // Often something that exists, so that the body and query are read, not only the id refused.
    { arbitrary: fc.constantFrom(...vocabulary.knownValues, "x").map(percentEncode), weight: 3 },
    { arbitrary: fc.constantFrom(...rawUrlPieces), weight: 1 },
  );
}

/** The route's URL with each `:param` (and a trailing `*`) filled in. */
function fuzzPath(url: string, vocabulary: FuzzVocabulary): fc.Arbitrary<string> {
  const parts = url.split("/");
  const isParameter = (part: string) => part.startsWith(":") || part === "*";
  return fc
    .tuple(
      ...parts.map((part) => (isParameter(part) ? pathSegment(vocabulary) : fc.constant(part))),
    )
    .map((filled) => filled.join("/"));
}

/** Request headers the APIs read, with printable but meaningless values. */
function fuzzHeaders(): fc.Arbitrary<Record<string, string>> {
  const value = fc.stringMatching(/^[\x21-\x7e]{0,60}$/);
  return fc.record(
    { "if-match": value, "x-ams-fingerprint": value, "x-ams-request": value },
    { requiredKeys: [] },
  );
}

/** A random request for one route: its method, its path filled in, a query, headers and a body. */
export function fuzzRequest(
  route: FuzzRoute,
  vocabulary: FuzzVocabulary,
  limits: { maxBodyBytes: number },
): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(
      fuzzPath(route.url, vocabulary),
      fuzzQuery(vocabulary),
      fuzzHeaders(),
      route.method === "GET" || route.method === "HEAD"
        ? fc.constant(undefined)
        : fuzzBody(vocabulary, limits.maxBodyBytes),
    )
    .map(([path, query, headers, body]) => ({
      method: route.method,
      path: `${path}${query}`,
      headers:
        body?.contentType === undefined || body.contentType === ""
          ? headers
          : { ...headers, "content-type": body.contentType },
      body: body?.body,
    }));
}
