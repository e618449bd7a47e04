import type { AmsEvent } from "@anbox-dashboard/contract";
import type { ClusterContext } from "../context.ts";
import { readSetting } from "../settings/read-setting.ts";
import { parseGoDuration } from "./go-duration.ts";
import { syncRegistryOnce } from "./registry-sync-round.ts";

/** How long after start or a change of a `registry.*` key the next round runs. */
const settleDelayMs = 1000;
/** `registry.update_interval` when it cannot be read as a duration (its default). */
const fallbackIntervalMs = 3_600_000;
/** Bounds of the interval: no busy loop at "0s"; no overflow of setTimeout (its limit is ~24.8 days). */
const shortestIntervalMs = 1000;
const longestIntervalMs = 2 ** 31 - 1;

export interface RegistrySync {
  /** Stops the timer and the round under way (between applications); resolves once it ended. */
  stop(): Promise<void>;
}

/**
 * The automatic synchronisation with the registry (`registry.mode` `push` or `pull`; the rounds
 * themselves are in registry-sync-round.ts). A round runs shortly after start, shortly after any
 * `registry.*` key changes (the mode, the location, the filter or the interval), and then every
 * `registry.update_interval`. Rounds never overlap: a change during a round runs another one
 * right after it. A round that fails is logged and the timer goes on.
 */
export function startRegistrySync(context: ClusterContext): RegistrySync {
  const stopping = new AbortController();
  const isStopping = (): boolean => stopping.signal.aborted;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let round: Promise<void> | undefined;
  // Counted rather than flagged: a change heard while a round runs asks for another round.
  let changes = 0;

  const schedule = (delayMs: number): void => {
    clearTimeout(timer);
    if (isStopping()) return;
    timer = setTimeout(() => {
      timer = undefined;
      round = runRound().finally(() => {
        round = undefined;
      });
    }, delayMs);
    // The cluster's sockets keep its process alive; a pending round alone must not.
    timer.unref();
  };

  const runRound = async (): Promise<void> => {
    const changesBefore = changes;
    try {
      const failures = await syncRegistryOnce(context, stopping.signal);
      // A round cut short by the stop reports what the stop interrupted: not worth a line.
      if (isStopping()) return;
      for (const { name, reason } of failures) {
        console.warn(`registry sync: ${name}: ${reason}`);
      }
    } catch (error) {
      if (isStopping()) return;
      console.warn("registry sync failed:", error);
    }
    schedule(changes !== changesBefore ? settleDelayMs : await intervalMs(context));
  };

  const unsubscribe = context.events.subscribe(new Set(["lifecycle"]), (event: AmsEvent) => {
    if (event.type !== "lifecycle" || event.metadata.action !== "config-updated") return;
    const name = event.metadata.context?.name;
    if (typeof name !== "string" || !name.startsWith("registry.")) return;
    changes++;
    if (!round) schedule(settleDelayMs);
  });

  schedule(settleDelayMs);
  return {
    stop: async () => {
      stopping.abort();
      unsubscribe();
      clearTimeout(timer);
      await round;
    },
  };
}

async function intervalMs(context: ClusterContext): Promise<number> {
  try {
    const parsed = parseGoDuration(await readSetting(context.db, "registry.update_interval"));
    if (parsed === undefined) return fallbackIntervalMs;
    return Math.min(Math.max(parsed, shortestIntervalMs), longestIntervalMs);
  } catch {
    return fallbackIntervalMs; // the database failed now; it may not at the next round
  }
}
