import { watch, type FSWatcher } from "node:fs";
import { basename, dirname } from "node:path";
import { isDeepStrictEqual } from "node:util";
import type { ClusterHandle } from "./cluster-handle.ts";
import { isRemote, readClusters, type ClusterEntry } from "./clusters-file.ts";
import { startEmbeddedCluster, type EmbeddedCluster } from "./embedded-cluster.ts";
import { remoteCluster } from "./remote-cluster.ts";

interface Member {
  entry: ClusterEntry;
  handle: ClusterHandle;
  /** The process of an embedded cluster, which this set started and stops. */
  embedded?: EmbeddedCluster;
}

/** How long the file must be quiet before it is read again (editors write in several steps). */
const settleMs = 200;

/**
 * The clusters the dashboard manages, as the clusters file says (clusters-file.ts), kept up to
 * date while the dashboard runs: a change to the file (`bin/dashboard cluster add`, an edit) is
 * read again, new clusters are added (an embedded one started), removed ones dropped (an embedded
 * one stopped), the others kept as they are. A file that no longer reads is reported and the
 * clusters stay as they were. `current` is read by every request, so each sees the latest set.
 */
export class ClusterSet {
  #members: Member[] = [];
  #watcher: FSWatcher | undefined;
  #timer: NodeJS.Timeout | undefined;
  #reloading: Promise<void> = Promise.resolve();
  readonly #file: string;
  readonly #dataDir: string;
  readonly #embeddedIds: readonly string[];
  readonly #warn: (message: string) => void;

  constructor(options: {
    file: string;
    dataDir: string;
    /** The embedded clusters when there is no file (EMBEDDED_CLUSTERS). */
    embeddedIds: readonly string[];
    warn: (message: string) => void;
  }) {
    this.#file = options.file;
    this.#dataDir = options.dataDir;
    this.#embeddedIds = options.embeddedIds;
    this.#warn = options.warn;
  }

  /** The clusters, in the file's order (relay paths name a cluster by its index in it). */
  get current(): readonly ClusterHandle[] {
    return this.#members.map((member) => member.handle);
  }

  /** Reads the file and starts its clusters; a configuration error is thrown, as at start-up. */
  async start(): Promise<void> {
    await this.#apply(readClusters(this.#file, this.#embeddedIds));
    // The directory is watched, not the file: it may not exist yet, and is replaced on write.
    this.#watcher = watch(dirname(this.#file), (_event, name) => {
      if (name !== null && name !== basename(this.#file)) return;
      clearTimeout(this.#timer);
      this.#timer = setTimeout(() => {
        this.#reloading = this.#reloading.then(() => this.reload());
      }, settleMs);
    });
  }

  /** Reads the file again and applies what changed. */
  async reload(): Promise<void> {
    let entries: ClusterEntry[];
    try {
      entries = readClusters(this.#file, this.#embeddedIds);
    } catch (error) {
      this.#warn(
        `The clusters file was not applied, the clusters stay as they were: ${error instanceof Error ? error.message : String(error)}`,
      );
      return;
    }
    try {
      await this.#apply(entries);
    } catch (error) {
      this.#warn(
        `The clusters file was not applied, the clusters stay as they were: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** All or nothing: when a new cluster fails to start, the set stays as it was. */
  async #apply(entries: readonly ClusterEntry[]): Promise<void> {
    const previous = new Map(this.#members.map((member) => [member.entry.id, member]));
    const next: Member[] = [];
    const opened: Member[] = [];
    try {
      for (const entry of entries) {
        const existing = previous.get(entry.id);
        if (existing !== undefined && isDeepStrictEqual(existing.entry, entry)) {
          next.push(existing);
          continue;
        }
        const member = await this.#open(entry);
        opened.push(member);
        next.push(member);
      }
    } catch (error) {
      await stopEmbedded(opened);
      throw error;
    }
    const gone = this.#members.filter((member) => !next.includes(member));
    this.#members = next;
    await stopEmbedded(gone);
  }

  async #open(entry: ClusterEntry): Promise<Member> {
    if (isRemote(entry)) {
      return { entry, handle: remoteCluster(entry, this.#file, this.#dataDir) };
    }
    const embedded = await startEmbeddedCluster(entry.id, this.#dataDir);
    return { entry, handle: embedded, embedded };
  }

  /** Stops watching the file and stops the embedded clusters. */
  async stop(): Promise<void> {
    this.#watcher?.close();
    clearTimeout(this.#timer);
    await this.#reloading;
    await stopEmbedded(this.#members);
  }
}

/** Stops the processes of the embedded clusters among `members`. */
async function stopEmbedded(members: readonly Member[]): Promise<void> {
  await Promise.all(
    members.flatMap((member) => (member.embedded === undefined ? [] : [member.embedded.stop()])),
  );
}
