import { join } from "node:path";
import type { Kysely } from "kysely";
import { openDatabase } from "@anbox-dashboard/db";
import type { ClusterSchema } from "./schema.ts";
import { migrations } from "./migrations/index.ts";

export type ClusterDatabase = Kysely<ClusterSchema>;

/** Opens the cluster's database: PostgreSQL when a URL is given, else `cluster.sqlite` in its data directory. */
export function openClusterDatabase(
  dataDir: string,
  databaseUrl: string | undefined,
  clusterName: string,
): Promise<ClusterDatabase> {
  return openDatabase<ClusterSchema>({
    sqlitePath: join(dataDir, "cluster.sqlite"),
    databaseUrl,
    migrations,
    // Each cluster keeps its tables in a schema of its own, so clusters can share one server.
    postgresSchema: `cluster_${clusterName.replaceAll("-", "_")}`,
  });
}
