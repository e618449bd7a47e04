/**
 * A refusal or failure with the HTTP status it is answered with, thrown by the cluster's domain
 * modules (instances, applications, images, registry, the gateway's sessions and shares) and by
 * the shared validation. It names no transport: the AMS API (ams/server.ts) answers it with an AMS
 * error envelope, the stream gateway (gateway/server.ts) with the gateway's, so one module serves
 * both APIs.
 */
export class HttpError extends Error {
  readonly statusCode: number;

  constructor(statusCode: number, message: string) {
    super(message);
    this.name = "HttpError";
    this.statusCode = statusCode;
  }
}
