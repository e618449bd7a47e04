// `bin/gateway-account`: the service accounts of an embedded cluster's stream gateway, as a real
// gateway's `anbox-stream-gateway account create|delete` manages them. A token is printed once and
// kept only as a hash; whoever holds it may use the gateway's API until it expires or is deleted.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { emptyToUndefined } from "../options.ts";
import { openClusterDatabase } from "../store/database.ts";
import { dashboardAccountName } from "./dashboard-token.ts";
import { createServiceAccount, revokeServiceAccount } from "./service-accounts.ts";

const usage = `usage: bin/gateway-account create NAME [--days N] [--cluster ID]
       bin/gateway-account delete NAME [--cluster ID]

The cluster's data is under $DATA_DIR/clusters/ID (DATA_DIR defaults to ./data, ID to default);
--data-dir DIR names it directly. CLUSTER_DATABASE_URL is read as the cluster reads it.`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

function readArguments() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        days: { type: "string", default: "30" },
        cluster: { type: "string", default: "default" },
        "data-dir": { type: "string" },
      },
    });
  } catch (error) {
    // An unknown option or one without its value: say which, without a stack trace.
    return fail(error instanceof Error ? error.message : String(error));
  }
}

const { values, positionals } = readArguments();
const [command, name] = positionals;
if (command !== "create" && command !== "delete") fail(`Unknown command "${command ?? ""}".`);
if (name === undefined || positionals.length > 2) fail("Name one account.");
if (name === dashboardAccountName) {
  fail(`"${name}" is the dashboard's own account: the cluster issues and renews its token.`);
}
const dataDir = resolve(
  values["data-dir"] ?? join(process.env.DATA_DIR ?? "./data", "clusters", values.cluster),
);
if (!existsSync(dataDir)) fail(`No cluster data at ${dataDir}: has the cluster been started?`);

const db = await openClusterDatabase(
  dataDir,
  emptyToUndefined(process.env.CLUSTER_DATABASE_URL),
  values.cluster,
);
try {
  if (command === "create") {
    const days = Number(values.days);
    if (!Number.isFinite(days) || days <= 0)
      fail(`--days must be a positive number, got "${values.days}".`);
    try {
      console.log(await createServiceAccount(db, name, days));
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
  } else if (!(await revokeServiceAccount(db, name))) {
    console.error(`No service account "${name}".`);
    process.exitCode = 1;
  }
} finally {
  await db.destroy();
}
