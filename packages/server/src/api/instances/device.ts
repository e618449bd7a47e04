import type { FastifyInstance } from "fastify";
import {
  deviceControls,
  type DeviceControlName,
  type DeviceStateResponse,
} from "@anbox-dashboard/contract";
import type { ZodSchemas } from "@anbox-dashboard/http-kit";
import type { ServerContext } from "../../server-context.ts";
import { requireCluster } from "../../clusters/choose-cluster.ts";
import { clusterIdOf } from "../../input/query-values.ts";
import { idParams } from "../../input/route-schemas.ts";
import { acts } from "../../auth/route-acts.ts";
import { readDeviceState, sendDeviceControl } from "../../ams/device.ts";

/** What each control's refusal calls its body. */
const bodyNames: Record<DeviceControlName, string> = {
  location: "location",
  sensors: "sensor values",
  battery: "battery",
  network: "network",
  sms: "SMS",
  call: "call",
  clipboard: "clipboard",
  camera: "camera picture",
};

/**
 * An instance's device controls (issue 39), `?clusterId=`: `GET /api/instances/{id}/device` reads
 * what its device has been given (`can_stream`: it holds the clipboard and the last SMS); each control (`PATCH …/device/location`,
 * `…/sensors`, `…/battery`, `…/network`, `POST …/device/telephony/sms`, `…/telephony/call`,
 * `PUT …/device/clipboard`, `…/camera`) needs `can_stream`, as the stream page's other input
 * does, and is recorded in the audit trail (without its body: an SMS's text stays out of it).
 * Each answers the device's state after it.
 */
export function registerInstanceDeviceRoutes(scope: FastifyInstance, context: ServerContext): void {
  const app = scope.withTypeProvider<ZodSchemas>();
  const clusterOf = (query: unknown) => requireCluster(context.clusters, clusterIdOf(query));

  app.get(
    "/api/instances/:id/device",
    // It holds the clipboard, the last SMS and where the device has been: for who may use it.
    { schema: { params: idParams }, config: { acts: acts.onResource("instance", "can_stream") } },
    async (request): Promise<DeviceStateResponse> => ({
      metadata: await readDeviceState(clusterOf(request.query), request.params.id),
    }),
  );

  for (const [name, control] of Object.entries(deviceControls) as [
    DeviceControlName,
    (typeof deviceControls)[DeviceControlName],
  ][]) {
    app.route({
      method: control.method,
      url: `/api/instances/:id/device/${control.path}`,
      schema: { params: idParams, body: control.body.describe(bodyNames[name]) },
      // An SMS or a call sent twice by a double click would arrive twice: a POST is done once
      // per Idempotency-Key. The others set a value: sent twice, the value is the same.
      config: {
        acts: acts.onResource("instance", "can_stream"),
        idempotent: control.method === "POST",
      },
      handler: async (request): Promise<DeviceStateResponse> => ({
        metadata: await sendDeviceControl(
          clusterOf(request.query),
          request.params.id,
          control,
          request.body,
        ),
      }),
    });
  }
}
