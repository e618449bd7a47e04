// Many instances written straight into a running cluster's database: a benchmark needs rows, not
// the minutes it would take to boot them. The cluster reads them as any other instance.
import { join } from "node:path";
import { newId, openClusterDatabase, type ClusterDatabase } from "@anbox-dashboard/cluster/store";

const statuses = ["running", "running", "running", "stopped", "error", "created"] as const;

/**
 * `instanceCount` containers named `bench-<5-digit index>-<4 characters>` spread over
 * `nodeCount` nodes (lxd0 and lxd1…, each made large), statuses in a fixed mix (half running), one
 * of ten `group-<n>` tags each, the newest first by index. Given `firstIndex`, the nodes are there
 * already (an earlier call made them) and the instances from that index on are added, up to
 * `instanceCount` in all: a benchmark measures at 10,000, then tops up to 100,000.
 */
export async function seedInstances(
  db: ClusterDatabase,
  instanceCount: number,
  nodeCount: number,
  firstIndex = 0,
): Promise<void> {
  // The same base for every call of a day, so that a top-up keeps the order by index.
  const now = Math.floor(Date.now() / 86_400_000) * 86_400;
  if (firstIndex === 0) await seedNodes(db, nodeCount);
  const image = await db
    .selectFrom("images")
    .selectAll()
    .where("is_default", "=", 1)
    .where("type", "=", "container")
    .executeTakeFirstOrThrow();
  const batch = 500;
  for (let start = firstIndex; start < instanceCount; start += batch) {
    const rows = Array.from({ length: Math.min(batch, instanceCount - start) }, (_, offset) => {
      const index = start + offset;
      const id = newId();
      return {
        id,
        name: `bench-${String(index).padStart(5, "0")}-${id.slice(-4)}`,
        type: "container",
        base: 0,
        status: statuses[index % statuses.length] ?? "running",
        desired_status: "running",
        status_message: "",
        error_message: "",
        node: `lxd${index % nodeCount}`,
        app_id: "",
        app_name: "",
        app_version: 0,
        image_id: image.id,
        image_name: image.name,
        image_version: 0,
        image_variant: image.variant,
        architecture: "x86_64",
        address: `10.100.${Math.floor(index / 250)}.${(index % 250) + 2}`,
        cpus: 2,
        memory: 3e9,
        disk_size: 3e9,
        gpu_slots: 0,
        vpu_slots: 0,
        config: JSON.stringify({ display: { width: 1280, height: 720, fps: 60, density: 240 } }),
        tags: JSON.stringify([`group-${index % 10}`]),
        stored_logs: "[]",
        created_at: now - index,
        revision: 1,
      };
    });
    await db.insertInto("instances").values(rows).execute();
    await db
      .insertInto("instance_tags")
      .values(
        rows.map((row) => ({
          instance_id: row.id,
          tag: `group-${Number(row.name.slice(6, 11)) % 10}`,
        })),
      )
      .execute();
  }
}

/** The nodes: lxd0 made large, and `nodeCount - 1` more like it. */
async function seedNodes(db: ClusterDatabase, nodeCount: number): Promise<void> {
  const node = await db
    .selectFrom("nodes")
    .selectAll()
    .where("name", "=", "lxd0")
    .executeTakeFirstOrThrow();
  const nodes = Array.from({ length: nodeCount - 1 }, (_, index) => ({
    ...node,
    name: `lxd${index + 1}`,
    is_master: 0,
    cpus: 64,
    memory: 256e9,
    disk_size: 4e12,
  }));
  await db
    .updateTable("nodes")
    .set({ cpus: 64, memory: 256e9, disk_size: 4e12 })
    .where("name", "=", "lxd0")
    .execute();
  await db.insertInto("nodes").values(nodes).execute();
}

/** Seeds the embedded cluster of a benchmark's dashboard (its data directory), as seedInstances. */
export async function seedDashboardCluster(
  dataDir: string,
  instanceCount: number,
  nodeCount: number,
  firstIndex = 0,
): Promise<void> {
  const db = await openClusterDatabase(join(dataDir, "clusters", "default"), undefined, "default");
  try {
    await seedInstances(db, instanceCount, nodeCount, firstIndex);
  } finally {
    await db.destroy();
  }
}
