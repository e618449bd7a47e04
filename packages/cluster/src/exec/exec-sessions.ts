import { randomUUID } from "node:crypto";
import type { ClusterContext } from "../context.ts";
import { OperationError } from "../operations/operation-manager.ts";
import { ExecSession } from "./exec-session.ts";

export const execOperationKind = "instance-exec";

interface ExecPayload {
  /** Which in-memory session the operation drives. */
  session: string;
}

/** Lifecycle actions after which an instance's shells must end. */
const endingActions = new Set(["instance-stopped", "instance-removed", "instance-failed"]);

/**
 * The exec sessions of this process, by their key and by their operation. A session lives in
 * memory (a PTY cannot outlive the process), so after a restart its operation fails.
 */
export class ExecSessions {
  private readonly byKey = new Map<string, ExecSession>();
  private readonly byOperation = new Map<string, ExecSession>();

  constructor(context: ClusterContext) {
    context.operations.registerKind<ExecPayload>(execOperationKind, {
      onRestart: "fail",
      run: async (payload, operation) => {
        const session = this.byKey.get(payload.session);
        if (!session) throw new OperationError("This exec's session is gone");
        this.byOperation.set(operation.id, session);
        try {
          return await session.run(operation.signal);
        } finally {
          this.byKey.delete(payload.session);
          this.byOperation.delete(operation.id);
        }
      },
    });
    // A shell inside a device that stops or goes away ends with it.
    context.events.subscribe(new Set(["lifecycle"]), (event) => {
      if (event.type !== "lifecycle" || !endingActions.has(event.metadata.action)) return;
      const id = event.metadata.source.split("/").pop();
      for (const session of this.byKey.values()) if (session.instanceId === id) session.kill();
    });
  }

  /** Keeps a new session; the returned payload starts its operation. */
  add(session: ExecSession): ExecPayload {
    const key = randomUUID();
    this.byKey.set(key, session);
    return { session: key };
  }

  /** Binds a started operation to its session (the websocket route looks sessions up by it). */
  bind(operationId: string, payload: ExecPayload): void {
    const session = this.byKey.get(payload.session);
    if (session) this.byOperation.set(operationId, session);
  }

  /** Forgets a session whose operation could not be started. */
  drop(payload: ExecPayload): void {
    this.byKey.delete(payload.session);
  }

  forOperation(operationId: string): ExecSession | undefined {
    return this.byOperation.get(operationId);
  }
}
