import { setTimeout as sleep } from "node:timers/promises";
import type { LifecycleAction } from "@anbox-dashboard/contract";
import type { ClusterContext } from "../context.ts";
import { OperationError } from "../operations/operation-manager.ts";
import type { NodeChanges } from "./node-changes.ts";

export const nodeCreateKind = "node-create";
export const nodeUpdateKind = "node-update";
export const nodeDeleteKind = "node-delete";

export interface NodeCreatePayload {
  name: string;
}

export interface NodeUpdatePayload {
  name: string;
  changes: NodeChanges;
  /** The revision the client read (If-Match); the update is refused if the node changed since. */
  expectedRevision?: number;
}

export interface NodeDeletePayload {
  name: string;
  force: boolean;
}

export function nodeUrl(name: string): string {
  return `/1.0/nodes/${name}`;
}

/** Registers the operations that add, change and remove nodes. */
export function registerNodeOperations({ operations, db, events, options }: ClusterContext): void {
  const announce = (action: LifecycleAction, name: string): void => {
    events.publish({ type: "lifecycle", metadata: { action, source: nodeUrl(name) } });
  };

  // The node row exists (initializing) since the request; this brings it online, like AMS does
  // once LXD is set up on the machine. Running it again after a restart is harmless.
  operations.registerKind<NodeCreatePayload>(nodeCreateKind, {
    onRestart: "resume",
    run: async ({ name }, { signal }) => {
      if (options.bootStepDelayMs > 0) await sleep(options.bootStepDelayMs, undefined, { signal });
      const result = await db
        .updateTable("nodes")
        .set((eb) => ({ status: "online", revision: eb("revision", "+", 1) }))
        .where("name", "=", name)
        .where("status", "=", "initializing")
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) {
        const node = await db
          .selectFrom("nodes")
          .select("status")
          .where("name", "=", name)
          .executeTakeFirst();
        if (!node) throw new OperationError(`Node ${name} was removed while it was being added`);
        if (node.status === "online") return nodeSummary(name);
      }
      announce("node-created", name);
      return nodeSummary(name);
    },
  });

  operations.registerKind<NodeUpdatePayload>(nodeUpdateKind, {
    onRestart: "resume",
    run: async ({ name, changes, expectedRevision }) => {
      let update = db
        .updateTable("nodes")
        .set((eb) => ({ ...changes, revision: eb("revision", "+", 1) }))
        .where("name", "=", name);
      if (expectedRevision !== undefined) update = update.where("revision", "=", expectedRevision);
      const result = await update.executeTakeFirst();
      if (result.numUpdatedRows === 0n) {
        const node = await db
          .selectFrom("nodes")
          .select("revision")
          .where("name", "=", name)
          .executeTakeFirst();
        if (!node) throw new OperationError(`Node ${name} no longer exists`);
        // Already applied by this operation before a restart.
        if (expectedRevision !== undefined && node.revision === expectedRevision + 1) {
          return nodeSummary(name);
        }
        throw new OperationError(
          `Node ${name} was changed by another request since it was read; read it again`,
        );
      }
      announce("node-updated", name);
      return nodeSummary(name);
    },
  });

  operations.registerKind<NodeDeletePayload>(nodeDeleteKind, {
    onRestart: "resume",
    run: async ({ name, force }) => {
      const { removed, failed } = await db.transaction().execute(async (tx) => {
        const occupants = await tx
          .selectFrom("instances")
          .select(["id", "status"])
          .where("node", "=", name)
          .where("status", "!=", "deleted")
          .execute();
        if (occupants.length > 0 && !force) {
          throw new OperationError(instancesOnNodeMessage(name, occupants.length));
        }
        if (occupants.length > 0) {
          // Their node is gone, so they are too: show them as failed, for the user to delete.
          await tx
            .updateTable("instances")
            .set((eb) => ({
              status: "error",
              error_message: `Node ${name} was removed while the instance was on it`,
              revision: eb("revision", "+", 1),
            }))
            .where("node", "=", name)
            .where("status", "not in", ["deleted", "error"])
            .execute();
        }
        const result = await tx.deleteFrom("nodes").where("name", "=", name).executeTakeFirst();
        return {
          removed: result.numDeletedRows > 0n,
          failed: occupants.filter((instance) => instance.status !== "error"),
        };
      });
      for (const instance of failed) {
        events.publish({
          type: "lifecycle",
          metadata: {
            action: "instance-failed",
            source: `/1.0/instances/${instance.id}`,
            context: { status: "error", reason: `node ${name} removed` },
          },
        });
      }
      if (removed) announce("node-deleted", name);
      return nodeSummary(name);
    },
  });
}

export function instancesOnNodeMessage(name: string, count: number): string {
  const instances = count === 1 ? "1 instance is" : `${count} instances are`;
  return `Node ${name} cannot be removed: ${instances} still on it. Delete them first, or remove the node with force (they will fail)`;
}

function nodeSummary(name: string): { name: string } {
  return { name };
}
