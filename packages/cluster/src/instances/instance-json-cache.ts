import type { InstancesTable } from "../store/schema.ts";
import { toAmsInstance } from "./instance-record.ts";

interface CachedInstance {
  revision: number;
  publicAddress: string;
  json: Buffer;
}

/**
 * The JSON of instances as AMS shows them, as the bytes sent (UTF-8), kept per instance until its
 * row changes. A row's revision moves on every update (a database trigger makes sure of it,
 * migration 0004), and the only other input, the node's public address, is part of the key: a
 * cached copy is never stale.
 * Lists are read far more often than instances change, and turning rows into JSON is most of the
 * work of a list request (bench/cluster-list.bench.ts).
 */
export class InstanceJsonCache {
  private readonly entries = new Map<string, CachedInstance>();
  private readonly capacity: number;

  constructor(capacity = 50_000) {
    this.capacity = capacity;
  }

  json(row: InstancesTable, publicAddress: string): Buffer {
    const cached = this.entries.get(row.id);
    if (cached?.revision === row.revision && cached.publicAddress === publicAddress) {
      return cached.json;
    }
    const json = Buffer.from(JSON.stringify(toAmsInstance(row, publicAddress)));
    // A Map iterates in insertion order: dropping the first key drops the least recently written.
    this.entries.delete(row.id);
    this.entries.set(row.id, { revision: row.revision, publicAddress, json });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return json;
  }

  get size(): number {
    return this.entries.size;
  }
}
