import type { AmsEvent, GatewaySessionStatus } from "@anbox-dashboard/contract";
import type { ClusterContext } from "../context.ts";
import { instanceUrl } from "../instances/instance-record.ts";
import { forgetDeviceScreen } from "../streaming/screen-registry.ts";
import { endedSessionStatuses, sessionStateOf } from "./session-status.ts";
import type { SessionStreams } from "./session-streams.ts";

const instanceSourcePrefix = instanceUrl("");

/**
 * Keeps each session's status in step with its instance. The instance lifecycle persists every
 * status change, then announces it as a lifecycle event naming the instance (`source`): the tracker
 * listens to those events, so the lifecycle needs no knowledge of the gateway. Changes are applied
 * one after the other, in the order they were announced; each reads the instance as it is now, so a
 * late one cannot set a stale status. At start-up every session still open is checked once, which
 * covers changes a previous process announced but did not get to apply.
 */
export class SessionTracker {
  private readonly context: ClusterContext;
  private readonly streams: SessionStreams;
  private unsubscribe: (() => void) | undefined;
  private queue: Promise<void> = Promise.resolve();
  /** Sessions being terminated by a gateway request: their `terminating` status is kept. */
  private readonly terminating = new Set<string>();
  private readonly watchers = new Set<() => void>();

  constructor(context: ClusterContext, streams: SessionStreams) {
    this.context = context;
    this.streams = streams;
  }

  /** Starts listening, then brings every open session up to date. */
  async start(): Promise<void> {
    this.unsubscribe = this.context.events.subscribe(new Set(["lifecycle"]), (event) => {
      const instanceId = instanceIdOf(event);
      if (instanceId !== undefined) this.enqueue(() => this.syncInstance(instanceId));
    });
    const open = await this.context.db
      .selectFrom("gateway_sessions")
      .select("instance_id")
      .where("status", "!=", "terminated")
      .execute();
    for (const instanceId of new Set(open.map((row) => row.instance_id))) {
      this.enqueue(() => this.syncInstance(instanceId));
    }
    await this.queue;
  }

  /** Stops listening and lets the changes already queued finish. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await this.queue;
  }

  /** Brings the sessions of these instances up to date (after a gateway request changed them). */
  async refresh(instanceIds: readonly string[]): Promise<void> {
    for (const instanceId of new Set(instanceIds))
      this.enqueue(() => this.syncInstance(instanceId));
    await this.queue;
  }

  /** While a gateway request terminates these sessions, their instances' changes do not revive them. */
  holdTerminating(sessionIds: readonly string[]): () => void {
    for (const id of sessionIds) this.terminating.add(id);
    return () => {
      for (const id of sessionIds) this.terminating.delete(id);
    };
  }

  /**
   * Waits until the session is active (true) or has ended (false), for at most `timeoutMs`
   * (false) or until `signal` aborts (false). A viewer that connects while the instance still
   * boots waits here (reference: a created session can be signalled to at once).
   */
  async waitUntilActive(
    sessionId: string,
    timeoutMs: number,
    signal: AbortSignal,
  ): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // Watch before reading, so that a change between the read and the wait is not missed.
      const change = this.watchChange();
      try {
        const status = await this.statusOf(sessionId);
        if (status === "active") return true;
        if (status === undefined || endedSessionStatuses.includes(status)) return false;
        const left = deadline - Date.now();
        if (left <= 0 || signal.aborted) return false;
        await firstOf(change.happened, left, signal);
      } finally {
        change.cancel();
      }
    }
  }

  private async statusOf(sessionId: string): Promise<GatewaySessionStatus | undefined> {
    const row = await this.context.db
      .selectFrom("gateway_sessions")
      .select("status")
      .where("id", "=", sessionId)
      .executeTakeFirst();
    return row?.status as GatewaySessionStatus | undefined;
  }

  private watchChange(): { happened: Promise<void>; cancel: () => void } {
    let watcher: () => void = () => undefined;
    const happened = new Promise<void>((resolve) => {
      watcher = resolve;
    });
    this.watchers.add(watcher);
    return {
      happened,
      cancel: () => {
        this.watchers.delete(watcher);
      },
    };
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((error: unknown) => {
      // One failed update must not stop the ones after it; the next change of the instance, or
      // the next start, brings the session up to date.
      console.error(
        `stream gateway: a session status update failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  }

  private async syncInstance(instanceId: string): Promise<void> {
    const { db } = this.context;
    const sessions = await db
      .selectFrom("gateway_sessions")
      .select(["id", "status", "status_message"])
      .where("instance_id", "=", instanceId)
      .execute();
    if (sessions.length === 0) return;
    const instance = await db
      .selectFrom("instances")
      .select(["status", "status_message", "error_message"])
      .where("id", "=", instanceId)
      .executeTakeFirst();
    // A deleted instance's device screen (what was typed, the rotation) is gone with it.
    if (!instance) forgetDeviceScreen(instanceId);
    const next = sessionStateOf(instance);
    let changed = false;
    for (const session of sessions) {
      // A session whose instance is gone stays terminated, whatever it was.
      if (session.status === "terminated" && !instance) continue;
      if (session.status === "terminating" && this.terminating.has(session.id) && instance) {
        continue;
      }
      if (session.status === next.status && session.status_message === next.status_message) {
        continue;
      }
      await db
        .updateTable("gateway_sessions")
        .set({ ...next, updated_at: Math.floor(Date.now() / 1000) })
        .where("id", "=", session.id)
        .execute();
      changed = true;
      // Not awaited: closing a stream must not hold up the status changes queued behind it.
      if (endedSessionStatuses.includes(next.status)) void this.streams.end(session.id);
    }
    if (changed) for (const watcher of [...this.watchers]) watcher();
  }
}

function instanceIdOf(event: AmsEvent): string | undefined {
  if (event.type !== "lifecycle") return undefined;
  const { action, source } = event.metadata;
  if (!action.startsWith("instance-") || !source.startsWith(instanceSourcePrefix)) return undefined;
  const id = source.slice(instanceSourcePrefix.length);
  return id === "" || id.includes("/") ? undefined : id;
}

/** Resolves when `happened` does, `timeoutMs` pass or `signal` aborts, whichever comes first. */
async function firstOf(
  happened: Promise<void>,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: () => void = () => undefined;
  const interrupted = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
    onAbort = resolve;
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    await Promise.race([happened, interrupted]);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener("abort", onAbort);
  }
}
