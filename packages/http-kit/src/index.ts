// Fastify glue that the dashboard server and the embedded cluster share (the server never imports
// the cluster's code): the refusals every API makes before its routes run, each in its own words.
export type { RefusalWording } from "./refusal-wording.ts";
export { clientErrorsAnswered, frameworkErrorsAnswered } from "./framework-errors.ts";
export { useJsonBodyParser } from "./json-body.ts";
export { refuseNulCharacters } from "./nul-characters.ts";
export { releaseDeadBuffers } from "./release-dead-buffers.ts";
