import { z } from "zod";
import { instanceStatuses, instanceTypes } from "../constants/instance-constants.ts";
import { desiredInstanceStatuses, type AmsInstance } from "./instance.ts";

// Apart from instance.ts, whose constants the web app's first load reads: a module of its own
// keeps this schema (and zod) out of that load.

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? "");
const whole = z
  .number()
  .nullish()
  .transform((value) => value ?? 0);
const flag = z
  .boolean()
  .nullish()
  .transform((value) => value ?? false);
const texts = z
  .array(z.string())
  .nullish()
  .transform((value) => value ?? []);

const serviceSchema = z.object({
  name: text,
  port: whole,
  port_end: whole,
  node_port: whole,
  node_port_end: whole,
  protocols: z
    .array(z.enum(["tcp", "udp"]))
    .nullish()
    .transform((value) => value ?? []),
  expose: flag,
});

const configSchema = z
  .object({
    platform: text,
    boot_package: text,
    boot_activity: text,
    metrics_server: text,
    disable_watchdog: flag,
    devmode: flag,
    enable_streaming: flag,
    features: text,
    display: z
      .object({ width: whole, height: whole, fps: whole, density: whole })
      .nullish()
      .transform((value) => value ?? { width: 0, height: 0, fps: 0, density: 0 }),
    security: z
      .object({ delete_protected: flag })
      .nullish()
      .transform((value) => value ?? { delete_protected: false }),
  })
  .nullish()
  .transform((value) => value ?? configSchemaEmpty());

function configSchemaEmpty(): AmsInstance["config"] {
  return {
    platform: "",
    boot_package: "",
    boot_activity: "",
    metrics_server: "",
    disable_watchdog: false,
    devmode: false,
    enable_streaming: false,
    features: "",
    display: { width: 0, height: 0, fps: 0, density: 0 },
    security: { delete_protected: false },
  };
}

const resourcesSchema = z
  .object({
    cpus: whole,
    memory: whole,
    "disk-size": whole,
    "gpu-slots": whole,
    "vpu-slots": whole,
  })
  .nullish()
  .transform(
    (value) => value ?? { cpus: 0, memory: 0, "disk-size": 0, "gpu-slots": 0, "vpu-slots": 0 },
  );

/**
 * One instance as a cluster answers it (`GET /1.0/instances/{id}`), checked: its id, name and
 * status must be there and be what they say; any other field an AMS leaves out or sends as null
 * (its Go encoder omits empty values, and older releases lack newer fields) reads as empty, and
 * the status it works towards, when not given, as the one it has (stopped or running).
 */
export const amsInstanceSchema = z
  .object({
    id: z.string().min(1),
    name: z.string(),
    type: z.enum(instanceTypes).nullish(),
    base: flag,
    status: z.enum(instanceStatuses),
    status_code: whole,
    status_message: text,
    error_message: text,
    desired_status: z.enum(desiredInstanceStatuses).nullish(),
    node: text,
    app_id: text,
    app_name: text,
    app_version: whole,
    image_id: text,
    image_name: text,
    image_version: whole,
    image_variant: text,
    architecture: text,
    created_at: whole,
    address: text,
    public_address: text,
    services: z
      .array(serviceSchema)
      .nullish()
      .transform((value) => value ?? []),
    stored_logs: texts,
    config: configSchema,
    resources: resourcesSchema,
    tags: texts,
  })
  .transform((instance): AmsInstance => ({
    ...instance,
    type: instance.type ?? "container",
    desired_status:
      instance.desired_status ?? (instance.status === "stopped" ? "stopped" : "running"),
  }));
