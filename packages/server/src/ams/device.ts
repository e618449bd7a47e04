import {
  deviceControlsExtension,
  deviceStateSchema,
  type DeviceControl,
  type DeviceState,
} from "@anbox-dashboard/contract";
import { HttpError } from "@anbox-dashboard/http-kit";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import type { Readable } from "node:stream";
import { AmsClientError } from "../clusters/ams-client.ts";
import { clusterFailure } from "../clusters/cluster-call.ts";
import { callAndRead, readAnswer } from "./ams-answer.ts";
import { readInstance } from "./instances.ts";

// An instance's device controls (`/1.0/instances/{id}/device`, extension
// `instance_device_controls`): its location, sensors, battery, SMS, calls, clipboard and files.

function devicePath(instanceId: string, control?: DeviceControl): string {
  const base = `/1.0/instances/${encodeURIComponent(instanceId)}/device`;
  return control === undefined ? base : `${base}/${control.path}`;
}

/** `GET …/device`: what the instance's device has been given, checked. */
export function readDeviceState(cluster: ClusterHandle, instanceId: string): Promise<DeviceState> {
  return withoutExtension(cluster, instanceId, async () => {
    const answer = await callAndRead(cluster, "a device's state", deviceStateSchema, (signal) =>
      cluster.client.get(devicePath(instanceId), signal),
    );
    return answer.metadata;
  });
}

/** One control (`PATCH …/device/location`, …): the device's state after it, checked. */
export function sendDeviceControl(
  cluster: ClusterHandle,
  instanceId: string,
  control: DeviceControl,
  body: unknown,
): Promise<DeviceState> {
  const path = devicePath(instanceId, control);
  return withoutExtension(cluster, instanceId, async () => {
    const answer = await callAndRead(cluster, "a device's state", deviceStateSchema, (signal) => {
      switch (control.method) {
        case "PATCH":
          return cluster.client.patch(path, body, signal);
        case "POST":
          return cluster.client.post(path, body, signal);
        case "PUT":
          return cluster.client.put(path, body, signal);
      }
    });
    return answer.metadata;
  });
}

/**
 * `POST …/device/files`: a file into the device's downloads (an APK is installed), streamed as it
 * arrives, its name in `X-AMS-Request`. No call timeout: a large file takes as long as the
 * network does. The device's state after it, checked.
 */
export function pushDeviceFile(
  cluster: ClusterHandle,
  instanceId: string,
  upload: { name: string; body: Readable; maxBytes: number; signal: AbortSignal | undefined },
): Promise<DeviceState> {
  return withoutExtension(cluster, instanceId, async () => {
    try {
      const answer = await cluster.client.sendStream({
        path: `${devicePath(instanceId)}/files`,
        body: upload.body,
        maxBytes: upload.maxBytes,
        signal: upload.signal,
        headers: { "x-ams-request": JSON.stringify({ name: upload.name }) },
      });
      return readAnswer(cluster, "a device's state", deviceStateSchema, answer.metadata);
    } catch (error) {
      if (!(error instanceof AmsClientError)) throw error;
      throw clusterFailure(cluster, error);
    }
  });
}

/**
 * A cluster without the extension (a real AMS) answers 404 for the path of an instance it has:
 * said as what it is, not as an instance that does not exist.
 */
async function withoutExtension<T>(
  cluster: ClusterHandle,
  instanceId: string,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
    await readInstance(cluster, instanceId); // 404 on its own when the instance is gone
    throw new HttpError(
      501,
      `Cluster "${cluster.id}" has no device controls: its AMS does not offer ${deviceControlsExtension}`,
    );
  }
}
