import { z } from "zod";
import { flagOrFalse, numberOrZero, oneOfOr, textOrEmpty, textsOrNone } from "./tolerant-fields.ts";
import { instanceStatuses, instanceTypes } from "../constants/instance-constants.ts";
import { desiredInstanceStatuses, type AmsInstance } from "./instance.ts";

// Apart from instance.ts, whose constants the web app's first load reads: a module of its own
// keeps this schema (and zod) out of that load.

const serviceSchema = z.object({
  name: textOrEmpty,
  port: numberOrZero,
  port_end: numberOrZero,
  node_port: numberOrZero,
  node_port_end: numberOrZero,
  protocols: z
    .array(z.enum(["tcp", "udp"]))
    .nullish()
    .transform((value) => value ?? []),
  expose: flagOrFalse,
});

const configSchema = z
  .object({
    platform: textOrEmpty,
    boot_package: textOrEmpty,
    boot_activity: textOrEmpty,
    metrics_server: textOrEmpty,
    disable_watchdog: flagOrFalse,
    devmode: flagOrFalse,
    enable_streaming: flagOrFalse,
    features: textOrEmpty,
    display: z
      .object({
        width: numberOrZero,
        height: numberOrZero,
        fps: numberOrZero,
        density: numberOrZero,
      })
      .nullish()
      .transform((value) => value ?? { width: 0, height: 0, fps: 0, density: 0 }),
    security: z
      .object({ delete_protected: flagOrFalse })
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
    cpus: numberOrZero,
    memory: numberOrZero,
    "disk-size": numberOrZero,
    "gpu-slots": numberOrZero,
    "vpu-slots": numberOrZero,
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
    base: flagOrFalse,
    // A status a newer release knows and this one does not: unknown, as AMS itself says of one.
    status: oneOfOr(instanceStatuses, "unknown"),
    status_code: numberOrZero,
    status_message: textOrEmpty,
    error_message: textOrEmpty,
    desired_status: z.enum(desiredInstanceStatuses).nullish(),
    node: textOrEmpty,
    app_id: textOrEmpty,
    app_name: textOrEmpty,
    app_version: numberOrZero,
    image_id: textOrEmpty,
    image_name: textOrEmpty,
    image_version: numberOrZero,
    image_variant: textOrEmpty,
    architecture: textOrEmpty,
    created_at: numberOrZero,
    address: textOrEmpty,
    public_address: textOrEmpty,
    services: z
      .array(serviceSchema)
      .nullish()
      .transform((value) => value ?? []),
    stored_logs: textsOrNone,
    config: configSchema,
    resources: resourcesSchema,
    tags: textsOrNone,
  })
  .transform((instance): AmsInstance => ({
    ...instance,
    type: instance.type ?? "container",
    desired_status:
      instance.desired_status ?? (instance.status === "stopped" ? "stopped" : "running"),
  }));
