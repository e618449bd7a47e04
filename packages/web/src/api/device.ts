import {
  deviceControls,
  deviceFileField,
  type DeviceControlBody,
  type DeviceControlName,
  type DeviceState,
  type DeviceStateResponse,
} from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";
import { newIdempotencyKey } from "./idempotency-key.ts";
import { uploadRequest, type UploadProgressEvent } from "./upload-request.ts";

// An instance's device controls (issue 39): what its device was given, and each control.

function devicePath(instanceId: string, path?: string): string {
  const base = `/api/instances/${encodeURIComponent(instanceId)}/device`;
  return path === undefined ? base : `${base}/${path}`;
}

/** `GET /api/instances/{id}/device?clusterId=`: what the device has been given. */
export async function fetchDeviceState(
  clusterId: string,
  instanceId: string,
  signal?: AbortSignal,
): Promise<DeviceState> {
  const answer = await apiFetch<DeviceStateResponse>(devicePath(instanceId), {
    signal,
    params: { clusterId },
  });
  return answer.metadata;
}

/**
 * One control (its route in the contract's `deviceControls`): the device's state after it. An SMS
 * or a call carries a new idempotency key, so that a retry of the same press is sent once.
 */
export async function sendDeviceControl<Name extends DeviceControlName>(
  clusterId: string,
  instanceId: string,
  name: Name,
  body: DeviceControlBody<Name>,
): Promise<DeviceState> {
  const control = deviceControls[name];
  const answer = await apiFetch<DeviceStateResponse>(devicePath(instanceId, control.path), {
    method: control.method,
    params: { clusterId },
    body,
    idempotencyKey: control.method === "POST" ? newIdempotencyKey() : undefined,
  });
  return answer.metadata;
}

/**
 * `POST /api/instances/{id}/device/files?clusterId=`: a file into the device's downloads (an APK
 * is installed), with its progress; the device's state after it. One key per push: a retry of
 * the same push keeps one copy.
 */
export async function pushDeviceFile(
  clusterId: string,
  instanceId: string,
  file: File,
  options: { signal: AbortSignal; onProgress: (progress: UploadProgressEvent) => void },
): Promise<DeviceState> {
  const form = new FormData();
  form.append(deviceFileField, file, file.name);
  const answer = await uploadRequest<DeviceStateResponse>(devicePath(instanceId, "files"), {
    params: { clusterId },
    form,
    ...options,
    idempotencyKey: newIdempotencyKey(),
  });
  return answer.metadata;
}
