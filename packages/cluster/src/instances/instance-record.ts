import {
  instanceStatusCodes,
  type AmsInstance,
  type DesiredInstanceStatus,
  type InstanceConfig,
  type InstanceService,
  type InstanceStatus,
  type InstanceType,
} from "@anbox-dashboard/contract";
import type { InstancesTable } from "../store/schema.ts";
import { parseJsonColumn, parseStringArray } from "../store/json-column.ts";

/**
 * What the `config` column holds besides the public InstanceConfig: facts of the create request the
 * cluster needs later (pinning, the application's node selector) but AMS does not show.
 */
export interface InstanceInternals {
  pinned_node: string;
  node_selector: string[];
  services: InstanceService[];
  addons: string[];
  user_data: string;
}

export type StoredInstanceConfig = InstanceConfig & { _internal?: InstanceInternals };

export const defaultDisplay = { width: 1280, height: 720, fps: 60, density: 240 } as const;

export function defaultInstanceConfig(): InstanceConfig {
  return {
    platform: "null",
    boot_package: "",
    boot_activity: "",
    metrics_server: "",
    disable_watchdog: false,
    devmode: false,
    enable_streaming: false,
    features: "",
    display: { ...defaultDisplay },
    security: { delete_protected: false },
  };
}

export function readStoredConfig(row: Pick<InstancesTable, "config">): StoredInstanceConfig {
  const stored = parseJsonColumn<Partial<StoredInstanceConfig>>(row.config, {});
  const defaults = defaultInstanceConfig();
  return {
    ...defaults,
    ...stored,
    display: { ...defaults.display, ...stored.display },
    security: { ...defaults.security, ...stored.security },
  };
}

export function readInternals(row: Pick<InstancesTable, "config">): InstanceInternals {
  return {
    pinned_node: "",
    node_selector: [],
    services: [],
    addons: [],
    user_data: "",
    ...readStoredConfig(row)._internal,
  };
}

export function isDeleteProtected(row: Pick<InstancesTable, "config">): boolean {
  return readStoredConfig(row).security.delete_protected;
}

export function instanceUrl(id: string): string {
  return `/1.0/instances/${id}`;
}

/** The instance as AMS shows it; `publicAddress` is its node's. */
export function toAmsInstance(row: InstancesTable, publicAddress: string): AmsInstance {
  const { _internal: internals, ...config } = readStoredConfig(row);
  const status = row.status as InstanceStatus;
  return {
    id: row.id,
    name: row.name,
    type: row.type as InstanceType,
    base: row.base === 1,
    status,
    // A status written by a newer version would have no code here: 0 is AMS's `unknown`.
    status_code: (instanceStatusCodes as Partial<Record<string, number>>)[row.status] ?? 0,
    status_message: row.status_message,
    error_message: row.error_message,
    desired_status: row.desired_status as DesiredInstanceStatus,
    node: row.node,
    app_id: row.app_id,
    app_name: row.app_name,
    app_version: row.app_version,
    image_id: row.image_id,
    image_name: row.image_name,
    image_version: row.image_version,
    image_variant: row.image_variant,
    architecture: row.architecture,
    created_at: row.created_at,
    address: row.address,
    public_address: row.node === "" ? "" : publicAddress,
    services: internals?.services ?? [],
    stored_logs: parseStringArray(row.stored_logs),
    config,
    resources: {
      cpus: row.cpus,
      memory: row.memory,
      "disk-size": row.disk_size,
      "gpu-slots": row.gpu_slots,
      "vpu-slots": row.vpu_slots,
    },
    tags: parseStringArray(row.tags),
  };
}
