// `bin/dashboard group ...`, `identity ...` and `register --group`, as `amc auth` has them: run as
// functions on a temporary data directory (one run goes through the real entry point), the
// database read afterwards to check what they did.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Writable } from "node:stream";
import { promisify } from "node:util";
import { readConfig, type ServerConfig } from "../src/config.ts";
import { runtimeFileName, type RuntimeFile } from "../src/main.ts";
import { openDatabase, type Database } from "../src/store/database.ts";
import { groupCommand, identityCommand } from "../src/cli/permission-commands.ts";
import { registerCommand } from "../src/cli/register.ts";
import { providerGroupCommand } from "../src/cli/provider-group-command.ts";
import { grantsOf } from "../src/store/authorization-groups.ts";
import { groupsOf } from "../src/store/group-members.ts";
import { consumeRegistrationToken } from "../src/store/registration-tokens.ts";
import { createUser } from "../src/store/users.ts";
import { CliError } from "../src/cli/cli-error.ts";

let dataDir: string;
let db: Database;
let config: ServerConfig;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "dashboard-cli-permissions-"));
  db = await openDatabase({ dataDir, databaseUrl: undefined });
  const runtime: RuntimeFile = {
    publicUrl: "http://dashboard.test:8080",
    variant: "appliance",
    pid: process.pid,
    startedAt: new Date().toISOString(),
  };
  writeFileSync(join(dataDir, runtimeFileName), JSON.stringify(runtime));
  config = readConfig({ DATA_DIR: dataDir }, "/nonexistent-repository-root");
});

afterAll(async () => {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs a command function; what it printed, or the error it ended with. */
async function run(
  command: typeof groupCommand,
  args: string[],
): Promise<{ stdout: string; error?: string }> {
  let stdout = "";
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      stdout += chunk.toString();
      done();
    },
  });
  try {
    await command(args, config, { stdout: sink, stderr: sink });
    return { stdout };
  } catch (error) {
    if (error instanceof CliError) return { stdout, error: error.message };
    throw error;
  }
}

const person = (name: string) => ({
  email: `${name}@example.com`,
  fullname: name,
  issuer: "https://idp.example.com",
  subject: name,
});

describe("bin/dashboard group and identity", () => {
  it("make a group, grant it permissions, put people in it and take them out", async () => {
    const admin = await db.transaction().execute((tx) => createUser(tx, person("ada")));
    const grace = await db.transaction().execute((tx) => createUser(tx, person("grace")));

    expect((await run(groupCommand, ["create", "testers", "--description", "QA"])).stdout).toBe(
      "Created group testers.\n",
    );
    expect((await run(groupCommand, ["create", "testers"])).error).toBe(
      'A group named "testers" exists already.',
    );
    await run(groupCommand, [
      "permission",
      "add",
      "testers",
      "cluster:lab",
      "can_view",
      "can_stream",
    ]);
    expect(
      (await run(groupCommand, ["permission", "add", "testers", "lab", "can_view"])).error,
    ).toContain('"lab" is not a resource');
    expect(
      (await run(groupCommand, ["permission", "add", "testers", "cluster:lab", "can_fly"])).error,
    ).toContain('"can_fly" is not an entitlement');

    await run(identityCommand, ["group", "add", "grace@example.com", "testers"]);
    expect(await groupsOf(db, grace.id)).toEqual(["testers"]);
    const shown = await run(identityCommand, ["show", "grace@example.com"]);
    expect(shown.stdout).toContain("can_stream on cluster:lab (from group testers)");

    await run(groupCommand, ["permission", "remove", "testers", "cluster:lab", "can_stream"]);
    expect((await grantsOf(db, grace.id)).map((grant) => grant.entitlement)).toEqual(["can_view"]);
    await run(identityCommand, ["group", "remove", grace.id, "testers"]);
    expect(await groupsOf(db, grace.id)).toEqual([]);

    // The first account is the admin; the last admin stays one.
    expect(await groupsOf(db, admin.id)).toEqual(["admin"]);
    expect(
      (await run(identityCommand, ["group", "remove", "ada@example.com", "admin"])).error,
    ).toBe("This is the last member of admin: add another before removing them.");
    expect((await run(groupCommand, ["delete", "admin"])).error).toBe(
      "The admin group cannot be deleted.",
    );
    expect(
      (await run(groupCommand, ["permission", "remove", "admin", "server", "admin"])).error,
    ).toBe("The admin group's permissions cannot change: it holds admin on server.");

    // Each change is in the audit trail, as the command line's; what was refused is not.
    const audited = await db
      .selectFrom("audit_log")
      .select(["action", "actor", "resource", "detail"])
      .where("actor", "=", "cli")
      .orderBy("at")
      .execute();
    expect(audited).toEqual([
      { action: "group-created", actor: "cli", resource: "group:testers", detail: "QA" },
      {
        action: "group-permissions-changed",
        actor: "cli",
        resource: "group:testers",
        detail: "add can_view, can_stream on cluster:lab",
      },
      {
        action: "identity-groups-changed",
        actor: "cli",
        resource: `identity:${grace.id}`,
        detail: "grace@example.com: add testers; now in testers",
      },
      {
        action: "group-permissions-changed",
        actor: "cli",
        resource: "group:testers",
        detail: "remove can_stream on cluster:lab",
      },
      {
        action: "identity-groups-changed",
        actor: "cli",
        resource: `identity:${grace.id}`,
        detail: "grace@example.com: remove testers; now in no group",
      },
    ]);
  });

  it("register --group: the link names groups that exist, and its account starts in them", async () => {
    await run(groupCommand, ["create", "streamers"]);
    const refused = await run(registerCommand, ["--group", "nope"]);
    expect(refused.error).toBe('No group named "nope": bin/dashboard group list shows the groups.');
    const { stdout } = await run(registerCommand, ["--group", "streamers", "--group", "testers"]);
    const token = new URL(stdout.trim()).searchParams.get("token") ?? "";
    const newcomer = await db.transaction().execute(async (tx) => {
      const user = await createUser(tx, person("linus"));
      expect(await consumeRegistrationToken(tx, token, user.id)).toBe(true);
      return user;
    });
    expect(await groupsOf(db, newcomer.id)).toEqual(["streamers", "testers"]);
  });

  it("provider-group maps the identity provider's groups to groups that exist, and back", async () => {
    const added = await run(providerGroupCommand, ["group", "add", "qa-team", "testers"]);
    expect(added.stdout).toBe("Mapped qa-team to testers.\n");
    expect((await run(providerGroupCommand, ["list"])).stdout).toBe("qa-team\ttesters\n");
    expect((await run(providerGroupCommand, ["group", "add", "qa-team", "nope"])).error).toBe(
      'No group named "nope".',
    );
    expect((await run(providerGroupCommand, ["group", "remove", "qa-team", "admin"])).error).toBe(
      "qa-team is not mapped to admin.",
    );
    await run(providerGroupCommand, ["group", "remove", "qa-team", "testers"]);
    expect((await run(providerGroupCommand, ["list"])).stdout).toBe("");
    expect((await run(providerGroupCommand, ["map"])).error).toContain(
      "usage: bin/dashboard provider-group",
    );
  });

  it("group limit sets and unsets a group's quotas, over all clusters or on one", async () => {
    await run(groupCommand, ["create", "quota-team"]);
    expect((await run(groupCommand, ["limit", "set", "quota-team", "instances", "3"])).stdout).toBe(
      "Group quota-team: 3 instances over all clusters.\n",
    );
    await run(groupCommand, [
      ...["limit", "set", "quota-team", "memory", "8GB", "--cluster", "default"],
    ]);
    expect(
      (await run(groupCommand, ["limit", "set", "quota-team", "cpus", "2", "--cluster", "lab"]))
        .error,
    ).toContain('No cluster "lab" is managed here (default)');
    await run(groupCommand, ["limit", "set", "quota-team", "instances", "4"]);
    expect((await run(groupCommand, ["show", "quota-team"])).stdout).toContain(
      "limits:\n  4 instances over all clusters\n  8 GB memory on cluster default\n",
    );
    expect((await run(groupCommand, ["limit", "unset", "quota-team", "instances"])).stdout).toBe(
      "Group quota-team: no limit on instances over all clusters.\n",
    );
    expect(
      (await run(groupCommand, ["limit", "set", "quota-team", "phones", "3"])).error,
    ).toContain('"phones" is not a quota');
    expect(
      (await run(groupCommand, ["limit", "set", "quota-team", "cpus", "8GB"])).error,
    ).toContain('"8GB" is not a limit for cpus');
    expect((await run(groupCommand, ["limit", "set", "quota-team", "cpus"])).error).toContain(
      "usage: bin/dashboard group limit",
    );
    expect((await run(groupCommand, ["limit", "set", "nobody", "cpus", "2"])).error).toBe(
      'No group named "nobody".',
    );
    const audited = await db
      .selectFrom("audit_log")
      .select(["action", "resource", "detail"])
      .where("action", "=", "group-limits-changed")
      .orderBy("at")
      .execute();
    expect(audited.map((entry) => entry.detail)).toEqual([
      "3 instances over all clusters",
      "8 GB memory on cluster default",
      "4 instances over all clusters",
      "no limit on instances over all clusters",
    ]);
  });

  it("are wired into bin/dashboard", async () => {
    const cliPath = resolve(import.meta.dirname, "../src/cli/dashboard.ts");
    const { stdout } = await promisify(execFile)(process.execPath, [cliPath, "group", "list"], {
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir },
    });
    expect(stdout).toContain("admin\t1 identities\t1 permissions");
    expect(stdout).toContain("testers\t1 identities\t1 permissions\tQA");
  });
});
