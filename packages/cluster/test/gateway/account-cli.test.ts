// bin/gateway-account against a running cluster: a token it prints opens the gateway's API, a
// deleted account's does not; the dashboard's own account and bad input are refused with a reason.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { startTestCluster, type TestCluster } from "../helpers/test-cluster.ts";
import { gatewayRequest } from "./gateway-helpers.ts";

const run = promisify(execFile);
const cli = join(import.meta.dirname, "../../src/gateway/account-cli.ts");
let cluster: TestCluster;

beforeAll(async () => {
  cluster = await startTestCluster();
});

afterAll(async () => {
  await cluster.destroy();
});

async function account(
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { options } = cluster.running.context;
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [cli, ...args, "--data-dir", cluster.dataDir, "--cluster", options.name],
      { env: { ...process.env, CLUSTER_DATABASE_URL: options.databaseUrl ?? "" } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("bin/gateway-account", () => {
  it("creates an account whose token opens the gateway, and deletes it", async () => {
    const created = await account("create", "ops-team", "--days", "7");
    expect(created.code).toBe(0);
    const token = created.stdout.trim();
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect((await gatewayRequest(cluster, "GET", "/1.0/sessions", { token })).status).toBe(200);

    expect((await account("delete", "ops-team")).code).toBe(0);
    expect((await gatewayRequest(cluster, "GET", "/1.0/sessions", { token })).status).toBe(401);
    const again = await account("delete", "ops-team");
    expect(again.code).toBe(0);
  });

  it("refuses the dashboard's own account, unknown commands and bad lifetimes, saying why", async () => {
    const own = await account("create", "dashboard");
    expect(own.code).toBe(2);
    expect(own.stderr).toContain("the dashboard's own account");
    const unknown = await account("rename", "x");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "rename"');
    const days = await account("create", "x", "--days", "0");
    expect(days.code).toBe(2);
    expect(days.stderr).toContain("--days must be a positive number");
    const noValue = await account("create", "x", "--days");
    expect(noValue.code).toBe(2);
    expect(noValue.stderr).toContain("--days");
    expect(noValue.stderr).not.toContain("    at ");
    const missing = await account("delete", "nobody-here");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No service account "nobody-here"');
  });
});
