import type { InstanceStatus, LifecycleAction } from "@anbox-dashboard/contract";
import type { ClusterContext } from "../context.ts";
import type { InstancesTable } from "../store/schema.ts";
import { OperationError } from "../operations/operation-manager.ts";
import { abortableDelay } from "../runtime/abortable-delay.ts";
import { VirtualDevice, listDeviceLogs, removeDeviceFiles } from "../runtime/virtual-device.ts";
import { instanceUrl, isDeleteProtected, readStoredConfig } from "./instance-record.ts";
import { PlacementQueue, chooseNode, pickAddress } from "./placement.ts";
import { KeyedLock } from "./keyed-lock.ts";

const statusActions: Record<InstanceStatus, LifecycleAction> = {
  created: "instance-created",
  prepared: "instance-scheduled",
  started: "instance-started",
  running: "instance-running",
  stopped: "instance-stopped",
  error: "instance-failed",
  deleted: "instance-updated",
  unknown: "instance-updated",
};

/** Statuses in which a device is (or is about to be) up: deleting needs `force`. */
export const activeStatuses: readonly string[] = ["prepared", "started", "running"];

/** Why this instance may not be deleted now, or undefined. Shared by the routes and the operation. */
export function deletionProblem(row: InstancesTable, force: boolean): string | undefined {
  if (isDeleteProtected(row)) return `Instance ${row.name} is protected against deletion`;
  if (!force && activeStatuses.includes(row.status)) {
    return `Instance ${row.name} is ${row.status}: stop it first or delete it with force`;
  }
  return undefined;
}

class Superseded extends Error {}

/**
 * Moves instances through their lifecycle (reference 2.3.2) and drives their virtual devices.
 *
 * Decisions where the sources leave room:
 * - An instance that fits on no node stays, in `error` with the scheduler's message in
 *   `error_message` (as AMS keeps failed instances); it can be deleted without force.
 * - An `error` instance may be started again (RN 1.18.0); it is scheduled afresh.
 * - `no_start` leaves the instance `stopped`, on no node until it is first started.
 * - A stopped or failed instance keeps its node (its disk is there) and must fit there again.
 * - After a restart, devices are gone: see reconcile.ts (they are booted again when their desired
 *   status is `running`).
 * Work on one instance is serialised; a stop or delete interrupts a boot in progress, so the
 * newest intent wins. Every status change is persisted first, then announced as a lifecycle event.
 */
export class InstanceLifecycle {
  private readonly context: ClusterContext;
  private readonly lock = new KeyedLock();
  private readonly placement = new PlacementQueue();
  /** Boots under way or queued, per instance, that a stop or delete interrupts. */
  private readonly boots = new Map<string, Set<AbortController>>();
  /** Devices up in this process. After a restart none are: their status says what they were. */
  private readonly live = new Set<string>();
  private addresses: Set<string> | undefined;

  constructor(context: ClusterContext) {
    this.context = context;
  }

  /** True while this process is working on the instance or its device is up. */
  isTracked(id: string): boolean {
    return this.live.has(id) || this.lock.isHeld(id);
  }

  /** Brings the instance to `running`: placement (when needed), then the boot steps. */
  async bringUp(id: string, signal: AbortSignal): Promise<void> {
    const interrupt = new AbortController();
    const boots = this.boots.get(id) ?? new Set<AbortController>();
    boots.add(interrupt);
    this.boots.set(id, boots);
    try {
      await this.lock.run(id, async () => {
        const combined = AbortSignal.any([signal, interrupt.signal]);
        try {
          await this.boot(id, combined);
        } catch (error) {
          if (signal.aborted) throw error; // The cluster is stopping: the next start resumes.
          if (interrupt.signal.aborted) {
            const reason: unknown = interrupt.signal.reason;
            throw new OperationError(reason instanceof Error ? reason.message : "Boot interrupted");
          }
          if (error instanceof OperationError) throw error;
          const message = `Instance failed to boot: ${error instanceof Error ? error.message : String(error)}`;
          await this.fail(id, message);
          throw new OperationError(message);
        }
      });
    } finally {
      boots.delete(interrupt);
      if (boots.size === 0) this.boots.delete(id);
    }
  }

  /** Brings the instance to `stopped`. Stopping a stopped (or failed) instance changes nothing. */
  async bringDown(id: string, signal: AbortSignal): Promise<void> {
    this.interruptBoots(id, "stopped");
    await this.lock.run(id, async () => {
      const row = await this.load(id);
      if (row.status === "deleted")
        throw new OperationError(`Instance ${row.name} is being deleted`);
      if (row.status === "stopped" || row.status === "error") {
        this.live.delete(id);
        return;
      }
      const device = this.deviceFor(row);
      if (row.status !== "created") {
        await abortableDelay(this.context.options.stopDelayMs, signal);
        await device.stop("stop requested");
      } else {
        await device.note("[stopped] created without starting");
      }
      this.live.delete(id);
      await this.setStatus(id, "stopped", { status_message: "" });
    });
  }

  /** Deletes the instance: status `deleted`, its files, then its row (`instance-removed`). */
  async remove(id: string, signal: AbortSignal): Promise<void> {
    this.interruptBoots(id, "deleted");
    await this.lock.run(id, async () => {
      const row = await this.context.db
        .selectFrom("instances")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row) return; // Already gone: a resumed delete finds nothing left to do.
      if (row.status !== "deleted") {
        // `force` was judged by the request against the status it saw; a boot it interrupted may
        // have moved the instance on since, so only protection is checked again here.
        const problem = deletionProblem(row, true);
        if (problem !== undefined) throw new OperationError(problem);
        await this.setStatus(id, "deleted", { status_message: "Deleting" });
      }
      signal.throwIfAborted();
      this.live.delete(id);
      await removeDeviceFiles(this.context.options.dataDir, id);
      await this.context.db.transaction().execute(async (tx) => {
        await tx.deleteFrom("instance_tags").where("instance_id", "=", id).execute();
        await tx.deleteFrom("instances").where("id", "=", id).execute();
      });
      this.addresses?.delete(row.address);
      this.announce(id, "instance-removed", "deleted");
    });
  }

  /** A new instance created with `no_start`: it waits, stopped, without a node. */
  async settleUnstarted(id: string): Promise<void> {
    await this.lock.run(id, async () => {
      const row = await this.load(id);
      if (row.status !== "created") return;
      await this.setStatus(id, "stopped", { status_message: "Created without starting" });
    });
  }

  /** Persists a status change, then announces it. */
  async setStatus(
    id: string,
    status: InstanceStatus,
    extra: Partial<
      Pick<InstancesTable, "status_message" | "error_message" | "node" | "address">
    > = {},
  ): Promise<void> {
    // The logs the device has written so far go with every status, so `stored_logs` stays true.
    const storedLogs = await listDeviceLogs(this.context.options.dataDir, id);
    await this.context.db
      .updateTable("instances")
      .set((eb) => ({
        ...extra,
        status,
        stored_logs: JSON.stringify(storedLogs),
        revision: eb("revision", "+", 1),
      }))
      .where("id", "=", id)
      .execute();
    this.announce(id, statusActions[status], status);
  }

  private announce(id: string, action: LifecycleAction, status: InstanceStatus): void {
    this.context.events.publish({
      type: "lifecycle",
      metadata: { action, source: instanceUrl(id), context: { status } },
    });
  }

  private async boot(id: string, signal: AbortSignal): Promise<void> {
    const delayMs = this.context.options.bootStepDelayMs;
    let row = await this.load(id);
    if (row.status === "deleted") throw new OperationError(`Instance ${row.name} is being deleted`);
    if (row.status === "running" && this.live.has(id)) return;

    const needsPlacement =
      row.node === "" ||
      row.status === "created" ||
      row.status === "stopped" ||
      row.status === "error";
    if (needsPlacement) {
      await abortableDelay(delayMs, signal);
      row = await this.place(row);
      await this.deviceFor(row).prepare();
    } else {
      // A device this process never booted: the cluster restarted while it was up or booting.
      await this.deviceFor(row).prepare();
      await this.deviceFor(row).note(
        `[resume] the cluster restarted while the instance was ${row.status}; booting it again`,
      );
    }
    const device = this.deviceFor(row);
    if (row.status !== "started") {
      await abortableDelay(delayMs, signal);
      await device.start();
      await this.setStatus(id, "started", { status_message: "Booting Android" });
    }
    await abortableDelay(delayMs, signal);
    await device.reachRunning();
    this.live.add(id);
    await this.setStatus(id, "running", { status_message: "" });
  }

  /** Chooses the node and records it (status `prepared`) in one step of the placement queue. */
  private async place(row: InstancesTable): Promise<InstancesTable> {
    const { db } = this.context;
    const placed = await this.placement.run(async () => {
      const result = await chooseNode(db, row);
      if ("error" in result) return result;
      const used = await this.usedAddresses();
      const address = row.address !== "" ? row.address : pickAddress(row.id, used);
      used.add(address);
      await this.setStatus(row.id, "prepared", {
        node: result.node,
        address,
        error_message: "",
        status_message: `Scheduled on node ${result.node}`,
      });
      return { node: result.node };
    });
    if ("error" in placed) {
      await this.fail(row.id, placed.error);
      throw new OperationError(placed.error);
    }
    return this.load(row.id);
  }

  private async fail(id: string, message: string): Promise<void> {
    const row = await this.load(id);
    this.live.delete(id);
    await this.deviceFor(row).fail(message);
    await this.setStatus(id, "error", { error_message: message, status_message: "" });
  }

  private interruptBoots(id: string, what: "stopped" | "deleted"): void {
    for (const controller of this.boots.get(id) ?? []) {
      controller.abort(new Superseded(`The instance was ${what} before it finished booting`));
    }
  }

  private async load(id: string): Promise<InstancesTable> {
    const row = await this.context.db
      .selectFrom("instances")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw new OperationError(`Instance ${id} no longer exists`);
    return row;
  }

  private async usedAddresses(): Promise<Set<string>> {
    if (!this.addresses) {
      const rows = await this.context.db
        .selectFrom("instances")
        .select("address")
        .where("address", "!=", "")
        .execute();
      this.addresses = new Set(rows.map((row) => row.address));
    }
    return this.addresses;
  }

  private deviceFor(row: InstancesTable): VirtualDevice {
    const config = readStoredConfig(row);
    return new VirtualDevice(this.context.options.dataDir, {
      id: row.id,
      name: row.name,
      type: row.type === "vm" ? "vm" : "container",
      node: row.node,
      address: row.address,
      imageName: row.image_name,
      imageVariant: row.image_variant,
      architecture: row.architecture,
      appName: row.app_name,
      bootPackage: config.boot_package,
      bootActivity: config.boot_activity,
      display: config.display,
      cpus: row.cpus,
      memory: row.memory,
      enableStreaming: config.enable_streaming,
    });
  }
}
