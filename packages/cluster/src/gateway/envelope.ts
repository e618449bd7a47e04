import type { RefusalWording } from "@anbox-dashboard/http-kit";
import type { GatewayFailure, GatewaySuccess } from "@anbox-dashboard/contract";
import { HttpError } from "@anbox-dashboard/http-kit";

/**
 * The gateway's envelope (reference 3.2, GW-OAS `Response`): like AMS's, but its status is
 * lower-case ("success"/"failed"), and an error carries `status_code` rather than `error_code`.
 */
export function gatewaySync<T>(
  metadata: T,
  options: { statusCode?: number; totalSize?: number; error?: string } = {},
): GatewaySuccess<T> & { error: string } {
  const response: GatewaySuccess<T> & { error: string } = {
    type: "sync",
    status: "success",
    status_code: options.statusCode ?? 200,
    error: options.error ?? "",
    metadata,
  };
  if (options.totalSize !== undefined) response.total_size = options.totalSize;
  return response;
}

export function gatewayError(
  statusCode: number,
  message: string,
): GatewayFailure & { metadata: null } {
  return {
    type: "error",
    status: "failed",
    status_code: statusCode,
    error: message,
    metadata: null,
  };
}

/** How the gateway words the refusals made before its routes run (http-kit). */
export const gatewayRefusals: RefusalWording = {
  body: gatewayError,
  error: (statusCode, message) => new HttpError(statusCode, message),
  internalError: "Internal error",
};
