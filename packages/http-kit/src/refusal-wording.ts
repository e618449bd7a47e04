/**
 * How an API words the refusals the kit makes for it: the dashboard's `{status, error, message}`
 * with sentences, or the cluster's AMS and gateway envelopes with phrases.
 */
export interface RefusalWording {
  /** The answer's body for a status and what went wrong (a phrase without a full stop). */
  body(statusCode: number, message: string): unknown;
  /** The error a hook refuses a request with (400), for the API's own error handler to answer. */
  error(statusCode: number, message: string): Error;
  /** What a failure of the framework itself (5xx) says. */
  internalError: string;
}
