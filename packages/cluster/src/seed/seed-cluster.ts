import type { ClusterDatabase } from "../store/database.ts";
import type { ClusterOptions } from "../options.ts";
import { insertProvidedImage } from "../images/import-image.ts";
import { defaultImageNames, providedImages } from "./provided-images.ts";

/**
 * Gives a new cluster its first node and the provided images, once: a cluster that already has
 * nodes or images keeps what it has (an operator may have changed or removed them).
 */
export async function seedCluster(db: ClusterDatabase, options: ClusterOptions): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const seeded = await tx
      .selectFrom("config")
      .select("value")
      .where("key", "=", "internal.seeded")
      .executeTakeFirst();
    if (seeded) return;
    const now = Math.floor(Date.now() / 1000);
    const node = options.firstNode;
    await tx
      .insertInto("nodes")
      .values({
        name: node.name,
        address: "10.100.0.1",
        public_address: "127.0.0.1",
        architecture: "x86_64",
        cpus: node.cpus,
        cpu_allocation_rate: 4,
        memory: node.memory,
        memory_allocation_rate: 2,
        disk_size: node.diskSize,
        gpu_slots: node.gpuSlots,
        gpu_encoder_slots: 0,
        vpu_slots: 0,
        tags: "[]",
        unschedulable: 0,
        is_master: 1,
        managed: 1,
        storage_pool: "ams0",
        network_bridge_mtu: 1500,
        status: "online",
        created_at: now,
        revision: 1,
      })
      .execute();
    for (const image of providedImages) {
      await insertProvidedImage(tx, image, {
        isDefault: defaultImageNames[image.type] === image.name,
        status: "active",
        now,
        versions: image.publishedVersions,
      });
    }
    await tx.insertInto("config").values({ key: "internal.seeded", value: "true" }).execute();
  });
}
