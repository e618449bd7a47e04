// Instance rows written straight into a test cluster's database, for tests about other resources
// (nodes, images, applications, exec) that need instances to exist in some state.
import type { InstancesTable } from "../../src/store/schema.ts";
import { newId } from "../../src/store/ids.ts";
import type { TestCluster } from "./test-cluster.ts";

/** Inserts an instance row (a running container on lxd0 unless overridden) and returns its id. */
export async function insertInstanceRow(
  cluster: TestCluster,
  overrides: Partial<InstancesTable> = {},
): Promise<string> {
  const id = overrides.id ?? newId();
  const row: InstancesTable = {
    id,
    name: `ams-${id}`,
    type: "container",
    base: 0,
    status: "running",
    desired_status: "running",
    status_message: "",
    error_message: "",
    node: "lxd0",
    app_id: "",
    app_name: "",
    app_version: 0,
    image_id: "",
    image_name: "",
    image_version: 0,
    image_variant: "android",
    architecture: "x86_64",
    address: "",
    cpus: 2,
    memory: 3e9,
    disk_size: 3e9,
    gpu_slots: 0,
    vpu_slots: 0,
    config: "{}",
    tags: "[]",
    stored_logs: "[]",
    created_at: Math.floor(Date.now() / 1000),
    revision: 1,
    ...overrides,
  };
  await cluster.running.context.db.insertInto("instances").values(row).execute();
  return id;
}
