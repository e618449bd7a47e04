import {
  instanceNameMessages,
  type AmsOperation,
  type InstancesPost,
} from "@anbox-dashboard/contract";
import type { ClusterContext } from "../context.ts";
import type { ClusterDatabase } from "../store/database.ts";
import type { InstancesTable } from "../store/schema.ts";
import { newId } from "../store/ids.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { resolveSource, type ResolvedSource } from "./resolve-source.ts";
import { defaultInstanceConfig, type StoredInstanceConfig } from "./instance-record.ts";
import { instanceLifecycleOf } from "./lifecycle-registry.ts";
import { instanceOperationKinds, startInstanceOperation } from "./instance-operations.ts";
import {
  instanceSessionSettings,
  newSessionRow,
  tagsForNewInstance,
  type SessionSettings,
} from "../gateway/session-row.ts";

const gigabyte = 1_000_000_000;
const gibibyte = 1024 ** 3;

/** Raw instances without resources: 2 CPUs, 3 GB memory, 3 GB disk (15 GiB for a VM). */
export const defaultRawResources = {
  cpus: 2,
  memory: 3 * gigabyte,
  diskSize: { container: 3 * gigabyte, vm: 15 * gibibyte },
} as const;

/** Odd display sizes are rounded up to even, as `amc launch` does (reference 2.3.3). */
function even(value: number): number {
  return value % 2 === 0 ? value : value + 1;
}

/** Builds the row of a new instance from a validated create request (status `created`, no node yet). */
export async function buildInstanceRow(
  db: ClusterDatabase,
  body: InstancesPost,
): Promise<InstancesTable> {
  const source = await resolveSource(db, body);
  if (body.node !== undefined && body.node !== "") {
    const node = await db
      .selectFrom("nodes")
      .select("name")
      .where("name", "=", body.node)
      .executeTakeFirst();
    if (!node) throw new HttpError(400, `Node "${body.node}" does not exist`);
  }
  const id = newId();
  const name = body.name !== undefined && body.name !== "" ? body.name : `ams-${id}`;
  const resources = chooseResources(body, source);
  // With streaming enabled the instance is tagged `session=<id>` (its gateway session, reference 3.3).
  const tags = tagsForNewInstance(body.tags ?? [], body.config?.enable_streaming === true);
  return {
    id,
    name,
    type: source.type,
    base: 0,
    status: "created",
    desired_status: body.no_start === true ? "stopped" : "running",
    status_message: "",
    error_message: "",
    node: "",
    app_id: source.app?.id ?? "",
    app_name: source.app?.name ?? "",
    app_version: source.app?.version ?? 0,
    image_id: source.image.id,
    image_name: source.image.name,
    image_version: source.image.version,
    image_variant: source.image.variant,
    architecture: source.image.architecture,
    address: "",
    cpus: resources.cpus,
    memory: resources.memory,
    disk_size: resources.diskSize,
    gpu_slots: resources.gpuSlots,
    vpu_slots: resources.vpuSlots,
    config: JSON.stringify(chooseConfig(body, source)),
    tags: JSON.stringify(tags),
    stored_logs: "[]",
    created_at: Math.floor(Date.now() / 1000),
    revision: 1,
  };
}

function chooseResources(body: InstancesPost, source: ResolvedSource) {
  const requested = body.resources ?? {};
  const base = source.resources ?? {
    cpus: defaultRawResources.cpus,
    memory: defaultRawResources.memory,
    diskSize: defaultRawResources.diskSize[source.type],
    gpuSlots: 0,
    vpuSlots: 0,
  };
  return {
    cpus: requested.cpus ?? base.cpus,
    memory: requested.memory ?? base.memory,
    diskSize: requested.disk_size ?? requested["disk-size"] ?? base.diskSize,
    gpuSlots: requested["gpu-slots"] ?? base.gpuSlots,
    vpuSlots: requested["vpu-slots"] ?? base.vpuSlots,
  };
}

function chooseConfig(body: InstancesPost, source: ResolvedSource): StoredInstanceConfig {
  const requested = body.config ?? {};
  const defaults = defaultInstanceConfig();
  const enableStreaming = requested.enable_streaming ?? false;
  const display = { ...defaults.display, ...requested.display };
  return {
    // The platform is webrtc when streaming is on, otherwise null (reference 2.3.3).
    platform: requested.platform ?? (enableStreaming ? "webrtc" : "null"),
    boot_package: requested.boot_package ?? source.bootPackage,
    boot_activity: requested.boot_activity ?? source.bootActivity,
    metrics_server: requested.metrics_server ?? "",
    disable_watchdog: requested.disable_watchdog ?? source.disableWatchdog,
    devmode: requested.devmode ?? false,
    enable_streaming: enableStreaming,
    features: requested.features ?? source.features,
    display: { ...display, width: even(display.width), height: even(display.height) },
    security: { delete_protected: requested.security?.delete_protected ?? false },
    _internal: {
      pinned_node: body.node ?? "",
      node_selector: source.nodeSelector,
      services: (body.services ?? []).map((service) => ({
        name: service.name ?? "",
        port: service.port,
        port_end: service.port_end ?? 0,
        node_port: 0,
        node_port_end: 0,
        protocols: service.protocols ?? ["tcp"],
        expose: service.expose ?? false,
      })),
      addons: [...source.addons, ...(body.addons ?? [])],
      user_data: body.user_data ?? "",
    },
  };
}

/**
 * Stores a new instance with its tags, and its stream gateway session when it streams (in the same
 * transaction: an instance tagged `session=<id>` always has that session); 409 when the name is
 * taken (also under a race). `sessionSettings` are those of `POST /1.0/sessions`, when it asks.
 */
export async function insertInstance(
  db: ClusterDatabase,
  row: InstancesTable,
  sessionSettings: SessionSettings = instanceSessionSettings,
): Promise<void> {
  const taken = await db
    .selectFrom("instances")
    .select("id")
    .where("name", "=", row.name)
    .executeTakeFirst();
  if (taken) throw new HttpError(409, instanceNameMessages.taken);
  const tags: string[] = JSON.parse(row.tags) as string[];
  const session = newSessionRow(row, tags, sessionSettings);
  try {
    await db.transaction().execute(async (tx) => {
      await tx.insertInto("instances").values(row).execute();
      if (tags.length > 0) {
        await tx
          .insertInto("instance_tags")
          .values(tags.map((tag) => ({ instance_id: row.id, tag })))
          .execute();
      }
      if (session) await tx.insertInto("gateway_sessions").values(session).execute();
    });
  } catch (error) {
    // Two creates with one name can both pass the check above; the unique index decides.
    const again = await db
      .selectFrom("instances")
      .select("id")
      .where("name", "=", row.name)
      .executeTakeFirst();
    if (again && again.id !== row.id) throw new HttpError(409, instanceNameMessages.taken);
    throw error;
  }
}

/**
 * Creates an instance the way `POST /1.0/instances` does: its row (and session), status `created`
 * announced, and the operation that boots it. Used by the stream gateway's `POST /1.0/sessions`.
 */
export async function launchInstance(
  context: ClusterContext,
  body: InstancesPost,
  sessionSettings: SessionSettings = instanceSessionSettings,
): Promise<{ row: InstancesTable; operation: AmsOperation }> {
  const row = await buildInstanceRow(context.db, body);
  await insertInstance(context.db, row, sessionSettings);
  await instanceLifecycleOf(context).setStatus(row.id, "created");
  const operation = await startInstanceOperation(
    context,
    instanceOperationKinds.create,
    "Creating instance",
    [row.id],
    { id: row.id },
  );
  return { row, operation };
}
