import type { AmsErrorResponse, AmsSyncResponse } from "@anbox-dashboard/contract";
import type { RefusalWording } from "@anbox-dashboard/http-kit";
import { HttpError } from "@anbox-dashboard/http-kit";

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

const syncHead = Buffer.from(
  '{"type":"sync","status":"Success","status_code":200,"operation":"","error_code":0,"error":"","metadata":',
);
const arrayOpen = Buffer.from("[");
const arrayComma = Buffer.from(",");
const arrayClose = Buffer.from("]");

/**
 * The bytes of syncResponse(metadata, totalSize) for metadata that is JSON bytes already: cached
 * instances are joined as they are, not parsed, written and encoded again on every request.
 */
export function syncResponseBytes(metadata: Buffer, totalSize?: number): Buffer {
  return Buffer.concat([syncHead, metadata, envelopeEnd(totalSize)]);
}

/** The same for a list of items that are each JSON bytes already. */
export function syncListResponseBytes(items: readonly Buffer[], totalSize?: number): Buffer {
  const parts: Buffer[] = [syncHead, arrayOpen];
  items.forEach((item, index) => {
    if (index > 0) parts.push(arrayComma);
    parts.push(item);
  });
  parts.push(arrayClose, envelopeEnd(totalSize));
  return Buffer.concat(parts);
}

function envelopeEnd(totalSize: number | undefined): Buffer {
  return Buffer.from(totalSize === undefined ? "}" : `,"total_size":${String(totalSize)}}`);
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
