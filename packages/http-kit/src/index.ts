// What the dashboard server and the embedded cluster share (the server never imports the cluster's
// code): the refusals every API makes before its routes run, each in its own words, the one error
// class and input parser of their routes, reading request fields without casts, and bounded
// concurrency.
export type { RefusalWording } from "./refusal-wording.ts";
export { HttpError } from "./http-error.ts";
export { inputParser, type InputParser } from "./parse-input.ts";
export { mapBounded } from "./map-bounded.ts";
export { fieldsOf, textOf } from "./request-fields.ts";
export { useZodSchemas, type ZodSchemas } from "./zod-schemas.ts";
export { clientErrorsAnswered, frameworkErrorsAnswered } from "./framework-errors.ts";
export { useJsonBodyParser } from "./json-body.ts";
export { refuseNulCharacters } from "./nul-characters.ts";
export { releaseDeadBuffers } from "./release-dead-buffers.ts";
