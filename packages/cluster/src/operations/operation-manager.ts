import { randomUUID } from "node:crypto";
import {
  isFinalOperationStatusCode,
  operationStatusCodes,
  type AmsOperation,
  type OperationClass,
  type OperationStatus,
} from "@anbox-dashboard/contract";
import type { ClusterDatabase } from "../store/database.ts";
import type { OperationsTable } from "../store/schema.ts";
import { parseJsonColumn } from "../store/json-column.ts";
import type { EventHub } from "../events/event-hub.ts";

/** What a running operation's work can do besides finishing. */
export interface OperationContext {
  readonly id: string;
  /** Aborted when the operation is cancelled or the cluster stops. */
  readonly signal: AbortSignal;
  /** Replaces the operation's metadata (visible to clients at once, e.g. exec's fds). */
  setMetadata(metadata: unknown): Promise<void>;
}

export interface OperationKind<Payload> {
  /** Does the work; its result becomes the operation's final metadata. A thrown error fails it. */
  run(payload: Payload, context: OperationContext): Promise<unknown>;
  /**
   * After a restart, an operation of this kind that had not finished is either run again from its
   * payload (`resume`, for idempotent work) or failed with a reason (`fail`).
   */
  onRestart: "resume" | "fail";
}

export interface StartOperation<Payload> {
  kind: string;
  description: string;
  resources: Record<string, string[]>;
  payload: Payload;
  class?: OperationClass;
  mayCancel?: boolean;
  metadata?: unknown;
}

/** A failure whose message is meant for the client as it is (e.g. "no node with enough resources..."). */
export class OperationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OperationError";
  }
}

export const restartInterruptionMessage =
  "The cluster restarted while this operation was running; it was not completed";

/**
 * Creates, runs, persists and publishes AMS operations. Every state change is written to the
 * database before it is announced, so a client never sees a state that a crash could take back.
 */
export class OperationManager {
  private readonly kinds = new Map<string, OperationKind<never>>();
  private readonly running = new Map<
    string,
    { controller: AbortController; done: Promise<void> }
  >();
  private readonly waiters = new Map<string, Set<() => void>>();
  private stopping = false;

  private readonly db: ClusterDatabase;
  private readonly events: EventHub;

  constructor(db: ClusterDatabase, events: EventHub) {
    this.db = db;
    this.events = events;
  }

  registerKind<Payload>(kind: string, definition: OperationKind<Payload>): void {
    if (this.kinds.has(kind)) throw new Error(`operation kind ${kind} is registered twice`);
    this.kinds.set(kind, definition);
  }

  /** Records a new operation as Running, announces it, and runs its work in the background. */
  async start<Payload>(spec: StartOperation<Payload>): Promise<AmsOperation> {
    const kind = this.kinds.get(spec.kind);
    if (!kind) throw new Error(`unknown operation kind ${spec.kind}`);
    const now = new Date().toISOString();
    const row: OperationsTable = {
      id: randomUUID(),
      class: spec.class ?? "task",
      description: spec.description,
      status: "Running",
      status_code: operationStatusCodes.Running,
      resources: JSON.stringify(spec.resources),
      metadata: JSON.stringify(spec.metadata ?? null),
      may_cancel: spec.mayCancel === true ? 1 : 0,
      err: "",
      created_at: now,
      updated_at: now,
      kind: spec.kind,
      payload: JSON.stringify(spec.payload),
    };
    await this.db.insertInto("operations").values(row).execute();
    const operation = toOperation(row);
    this.events.publish({ type: "operation", metadata: operation });
    this.launch(row.id, kind, spec.payload as never);
    return operation;
  }

  async get(id: string): Promise<AmsOperation | undefined> {
    const row = await this.db
      .selectFrom("operations")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return row && toOperation(row);
  }

  async list(): Promise<AmsOperation[]> {
    const rows = await this.db
      .selectFrom("operations")
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id")
      .execute();
    return rows.map(toOperation);
  }

  /**
   * Waits until the operation is final or `timeoutSeconds` pass (-1: no limit) and returns it as it
   * is then. Undefined when no such operation exists.
   */
  async wait(
    id: string,
    timeoutSeconds: number,
    signal?: AbortSignal,
  ): Promise<AmsOperation | undefined> {
    // Listening before reading: an operation that ends while it is read still wakes this wait
    // (read first, its end could fall between the read and the listening, and the wait would
    // sleep until its timeout).
    const listeners = this.waiters.get(id) ?? new Set<() => void>();
    this.waiters.set(id, listeners);
    const pending: { timer?: ReturnType<typeof setTimeout> } = {};
    let finish = (): void => undefined;
    const finished = new Promise<void>((resolve) => {
      finish = () => {
        listeners.delete(finish);
        clearTimeout(pending.timer);
        signal?.removeEventListener("abort", finish);
        resolve();
      };
    });
    listeners.add(finish);
    const current = await this.get(id);
    if (!current || isFinalOperationStatusCode(current.status_code)) {
      finish();
      if (listeners.size === 0 && this.waiters.get(id) === listeners) this.waiters.delete(id);
      return current;
    }
    if (timeoutSeconds >= 0) pending.timer = setTimeout(finish, timeoutSeconds * 1000);
    signal?.addEventListener("abort", finish, { once: true });
    await finished;
    return this.get(id);
  }

  /** Asks a cancellable running operation to stop. False when it cannot be cancelled (now). */
  async cancel(id: string): Promise<"cancelling" | "not-cancellable" | "not-found" | "final"> {
    const operation = await this.get(id);
    if (!operation) return "not-found";
    if (isFinalOperationStatusCode(operation.status_code)) return "final";
    const running = this.running.get(id);
    if (!operation.may_cancel || !running) return "not-cancellable";
    await this.update(id, { status: "Cancelling" });
    running.controller.abort(new Error("cancelled"));
    return "cancelling";
  }

  /**
   * Resolves the operations a previous process left unfinished: resumes those whose kind allows it,
   * fails the others with a reason. Call once at start-up, after every kind is registered.
   */
  async recover(): Promise<{ resumed: number; failed: number }> {
    const unfinished = await this.db
      .selectFrom("operations")
      .selectAll()
      .where("status_code", "<", 200)
      .orderBy("created_at")
      .execute();
    let resumed = 0;
    let failed = 0;
    for (const row of unfinished) {
      const kind = this.kinds.get(row.kind);
      if (kind?.onRestart === "resume" && row.status !== "Cancelling") {
        resumed++;
        this.launch(row.id, kind, parseJsonColumn<never>(row.payload, undefined as never));
      } else {
        failed++;
        await this.finish(row.id, "Failure", restartInterruptionMessage, undefined);
      }
    }
    return { resumed, failed };
  }

  /** Stops accepting work and waits for running operations to settle (they see their signal aborted). */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const { controller } of this.running.values()) controller.abort(new Error("stopping"));
    await Promise.allSettled([...this.running.values()].map(({ done }) => done));
  }

  private launch(id: string, kind: OperationKind<never>, payload: never): void {
    const controller = new AbortController();
    const context: OperationContext = {
      id,
      signal: controller.signal,
      setMetadata: async (metadata) => {
        await this.update(id, { metadata });
      },
    };
    const done = (async () => {
      // Let the caller answer 202 before any progress is published.
      await Promise.resolve();
      try {
        const metadata = await kind.run(payload, context);
        await this.finish(id, "Success", "", metadata);
      } catch (error) {
        if (this.stopping) return; // Left Running on purpose: the next start resolves it.
        if (controller.signal.aborted) {
          await this.finish(id, "Cancelled", "The operation was cancelled", undefined);
        } else {
          const message =
            error instanceof OperationError
              ? error.message
              : `Internal error: ${error instanceof Error ? error.message : String(error)}`;
          await this.finish(id, "Failure", message, undefined);
        }
      } finally {
        this.running.delete(id);
      }
    })();
    this.running.set(id, { controller, done });
  }

  private async finish(
    id: string,
    status: OperationStatus,
    err: string,
    metadata: unknown,
  ): Promise<void> {
    await this.update(id, metadata === undefined ? { status, err } : { status, err, metadata });
    for (const resolve of [...(this.waiters.get(id) ?? [])]) resolve();
    this.waiters.delete(id);
  }

  private async update(
    id: string,
    change: { status?: OperationStatus; err?: string; metadata?: unknown },
  ): Promise<void> {
    const values: Partial<OperationsTable> = { updated_at: new Date().toISOString() };
    if (change.status !== undefined) {
      values.status = change.status;
      values.status_code = operationStatusCodes[change.status];
    }
    if (change.err !== undefined) values.err = change.err;
    if (change.metadata !== undefined) values.metadata = JSON.stringify(change.metadata);
    await this.db.updateTable("operations").set(values).where("id", "=", id).execute();
    const operation = await this.get(id);
    if (operation) this.events.publish({ type: "operation", metadata: operation });
  }
}

export function toOperation(row: OperationsTable): AmsOperation {
  return {
    id: row.id,
    class: row.class as OperationClass,
    description: row.description,
    created_at: row.created_at,
    updated_at: row.updated_at,
    status: row.status as OperationStatus,
    status_code: row.status_code,
    resources: parseJsonColumn<Record<string, string[]>>(row.resources, {}),
    metadata: parseJsonColumn<unknown>(row.metadata, null),
    may_cancel: row.may_cancel === 1,
    err: row.err,
    server_address: "",
  };
}
