import type { FastifyInstance } from "fastify";
import {
  batterySchema,
  cameraSchema,
  callSchema,
  clipboardSchema,
  deviceFileMaxBytes,
  deviceFileRequestSchema,
  deviceLocationSchema,
  initialDeviceState,
  networkSchema,
  sensorReadingsSchema,
  smsSchema,
} from "@anbox-dashboard/contract";
import { HttpError } from "@anbox-dashboard/http-kit";
import type { ClusterContext } from "../../context.ts";
import { syncResponse } from "../envelope.ts";
import { requireInstance } from "../../instances/find-instance.ts";
import { deviceScreenFor, readDeviceState } from "../../streaming/screen-registry.ts";
import type { DeviceScreen } from "../../streaming/device-screen.ts";
import { parseInput } from "../../http/validate.ts";
import { decodeCameraPicture } from "../../streaming/camera-picture.ts";
import {
  passUploadsThrough,
  readAmsRequestHeader,
  receiveUpload,
} from "../../http/receive-upload.ts";
import { instanceRootfsDir } from "../../runtime/instance-paths.ts";
import { pushDeviceFile } from "../../runtime/device-files.ts";

interface Params {
  Params: { id: string };
}

/**
 * `/1.0/instances/{id}/device` (extension `instance_device_controls`): what a running instance's
 * virtual device is given besides touch and keys, under the names of Anbox's runtime HTTP API
 * where it has them (`location`, `sensors`, `telephony/sms`), and this cluster's own for the rest
 * (`battery`, `network`, `telephony/call`, `clipboard`, and `camera`, which takes the JPEG
 * Anbox's `POST /1.0/camera/data` takes, base64 in JSON). Each answers the device's whole state after the
 * change; the device's screen shows it, and a viewer's panel hears of it on the stream.
 */
export function registerInstanceDeviceRoutes(app: FastifyInstance, context: ClusterContext): void {
  const { db } = context;
  /** The device of a running instance: a stopped one has no device to give anything to. */
  const runningDevice = async (id: string): Promise<DeviceScreen> => {
    const row = await requireInstance(db, id);
    if (row.status !== "running") {
      throw new HttpError(
        409,
        `Instance ${row.name} is ${row.status}: its device takes controls only while it runs`,
      );
    }
    return deviceScreenFor(row.id);
  };
  const answer = (device: DeviceScreen) => syncResponse(device.state.snapshot());

  // Read without making a device: an instance that never took anything has the first state.
  app.get<Params>("/1.0/instances/:id/device", async (request) => {
    const row = await requireInstance(db, request.params.id);
    return syncResponse(readDeviceState(row.id) ?? initialDeviceState());
  });

  app.patch<Params>("/1.0/instances/:id/device/location", async (request) => {
    const location = parseInput(deviceLocationSchema, request.body, "location");
    const device = await runningDevice(request.params.id);
    device.state.setLocation(location, Date.now());
    return answer(device);
  });

  app.patch<Params>("/1.0/instances/:id/device/sensors", async (request) => {
    const readings = parseInput(sensorReadingsSchema, request.body, "sensor values");
    const device = await runningDevice(request.params.id);
    device.setSensors(readings);
    return answer(device);
  });

  app.patch<Params>("/1.0/instances/:id/device/battery", async (request) => {
    const battery = parseInput(batterySchema, request.body, "battery");
    const device = await runningDevice(request.params.id);
    device.state.setBattery(battery);
    return answer(device);
  });

  app.patch<Params>("/1.0/instances/:id/device/network", async (request) => {
    const network = parseInput(networkSchema, request.body, "network");
    const device = await runningDevice(request.params.id);
    device.state.setNetwork(network);
    return answer(device);
  });

  app.put<Params>("/1.0/instances/:id/device/camera", async (request) => {
    const camera = parseInput(cameraSchema, request.body, "camera picture");
    const device = await runningDevice(request.params.id);
    device.showToCamera(await decodeCameraPicture(camera.jpeg), camera.source);
    return answer(device);
  });

  app.post<Params>("/1.0/instances/:id/device/telephony/sms", async (request) => {
    const sms = parseInput(smsSchema, request.body, "SMS");
    const device = await runningDevice(request.params.id);
    device.state.receiveSms(sms.number, sms.message, Date.now());
    return answer(device);
  });

  app.post<Params>("/1.0/instances/:id/device/telephony/call", async (request) => {
    const call = parseInput(callSchema, request.body, "call");
    const device = await runningDevice(request.params.id);
    device.state.receiveCall(call.number, Date.now());
    return answer(device);
  });

  app.put<Params>("/1.0/instances/:id/device/clipboard", async (request) => {
    const { text } = parseInput(clipboardSchema, request.body, "clipboard");
    const device = await runningDevice(request.params.id);
    device.state.setClipboard(text, "page", Date.now());
    return answer(device);
  });

  // A file into the device's downloads: its bytes as the raw body, its name in X-AMS-Request
  // (`{"name": …}`); an APK is installed. In a scope of its own, so that only this route takes a
  // raw body, streamed to disk rather than buffered.
  void app.register((scoped, _options, done) => {
    passUploadsThrough(scoped);
    scoped.post<Params>("/1.0/instances/:id/device/files", async (request) => {
      const { name } = parseInput(
        deviceFileRequestSchema,
        readAmsRequestHeader(request) ?? {},
        "file (X-AMS-Request)",
      );
      // Checked before the body is read, and again after: the instance may stop meanwhile.
      await runningDevice(request.params.id);
      const upload = await receiveUpload(request, {
        dataDir: context.options.dataDir,
        maxBytes: deviceFileMaxBytes,
        what: "file",
      });
      try {
        const row = await requireInstance(db, request.params.id);
        const device = await runningDevice(row.id);
        const rootfs = instanceRootfsDir(context.options.dataDir, row.id);
        const pushed = await pushDeviceFile(rootfs, upload, name);
        const now = Date.now();
        device.state.receiveFile(pushed.name, pushed.size, now);
        if (pushed.installedPackage !== undefined) {
          device.state.installApp(pushed.installedPackage, pushed.name, now);
        }
        return answer(device);
      } catch (error) {
        await upload.discard();
        throw error;
      }
    });
    done();
  });
}
