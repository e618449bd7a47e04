/**
 * A refusal or failure with the HTTP status it is answered with, thrown by route and domain code
 * of the dashboard server and of the embedded cluster alike. It names no envelope: each API's
 * error handler answers it in its own (the dashboard's `{status, error, message}`, AMS's, the
 * stream gateway's).
 */
export class HttpError extends Error {
  readonly statusCode: number;

  constructor(statusCode: number, message: string) {
    super(message);
    this.name = "HttpError";
    this.statusCode = statusCode;
  }
}
