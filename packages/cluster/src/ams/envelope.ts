import type { AmsErrorResponse, AmsSyncResponse } from "@anbox-dashboard/contract";
import type { RefusalWording } from "@anbox-dashboard/http-kit";
import { HttpError } from "../http/http-error.ts";

export function syncResponse<T>(metadata: T, totalSize?: number): AmsSyncResponse<T> {
  const response: AmsSyncResponse<T> = {
    type: "sync",
    status: "Success",
    status_code: 200,
    operation: "",
    error_code: 0,
    error: "",
    metadata,
  };
  if (totalSize !== undefined) response.total_size = totalSize;
  return response;
}

/**
 * The text of syncResponse(metadata, totalSize) for metadata that is already JSON text, so that
 * cached texts are joined instead of parsed and written again.
 */
export function syncResponseJson(metadataJson: string, totalSize?: number): string {
  const total = totalSize === undefined ? "" : `,"total_size":${String(totalSize)}`;
  return `{"type":"sync","status":"Success","status_code":200,"operation":"","error_code":0,"error":"","metadata":${metadataJson}${total}}`;
}

export function errorResponse(code: number, message: string): AmsErrorResponse {
  return { type: "error", error: message, error_code: code, metadata: {} };
}

/** How the AMS API words the refusals made before its routes run (http-kit). */
export const amsRefusals: RefusalWording = {
  body: errorResponse,
  error: (statusCode, message) => new HttpError(statusCode, message),
  internalError: "Internal error",
};
