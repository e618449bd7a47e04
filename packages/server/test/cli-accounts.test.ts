// `bin/dashboard register`, `disable-user` and `enable-user`, run as the real command line (a Node
// process on the CLI's entry point) against a temporary data directory, as a person would run them
// next to a running dashboard (its runtime file written as the dashboard writes it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Writable } from "node:stream";
import { readConfig } from "../src/config.ts";
import { runtimeFileName, type RuntimeFile } from "../src/main.ts";
import { openDatabase, type Database } from "../src/store/database.ts";
import { checkRegistrationToken, registrationLinkId } from "../src/store/registration-tokens.ts";
import { createUser, findUserByEmail } from "../src/store/users.ts";
import { createBrowserSession, findSessionUser } from "../src/store/browser-sessions.ts";
import { registerCommand } from "../src/cli/register.ts";
import { describeDuration, parseDuration } from "../src/cli/parse-duration.ts";

const cliPath = resolve(import.meta.dirname, "../src/cli/dashboard.ts");
const publicUrl = "http://dashboard.test:8080";

let dataDir: string;
let db: Database;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "dashboard-cli-test-"));
  db = await openDatabase({ dataDir, databaseUrl: undefined });
  const runtime: RuntimeFile = {
    publicUrl,
    variant: "appliance",
    pid: process.pid,
    startedAt: new Date().toISOString(),
  };
  writeFileSync(join(dataDir, runtimeFileName), JSON.stringify(runtime));
});

afterAll(async () => {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [cliPath, ...args],
      { env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, ...env } },
      (error, stdout, stderr) => {
        done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

function tokenOf(url: string): string {
  return new URL(url).searchParams.get("token") ?? "";
}

describe("bin/dashboard register", () => {
  it("prints only the link when its output is not a terminal, and the link works once", async () => {
    const run = await cli(["register"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${publicUrl}/register\\?token=[\\w-]{40,}$`));
    const link = await checkRegistrationToken(db, tokenOf(lines[0] ?? ""));
    expect(link).toMatchObject({ kind: "valid", email: "" });
    if (link.kind === "valid") {
      const minutes = (Date.parse(link.expiresAt) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(58);
      expect(minutes).toBeLessThanOrEqual(60);
    }
    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "registration-link-created")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: "cli", outcome: "success" });
    expect(audit[0]?.detail).toMatch(
      new RegExp(`^link ${registrationLinkId(tokenOf(lines[0] ?? ""))} for any address, expires `),
    );
    expect(JSON.stringify(audit)).not.toContain(tokenOf(lines[0] ?? ""));
  });

  it("makes a link for a given address, valid as long as asked", async () => {
    const run = await cli(["register", "--email", "Grace@Example.com", "--validity", "30m"]);
    expect(run.code).toBe(0);
    const link = await checkRegistrationToken(db, tokenOf(run.stdout.trim()));
    expect(link).toMatchObject({ kind: "valid", email: "grace@example.com" });
    if (link.kind === "valid") {
      const minutes = (Date.parse(link.expiresAt) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(28);
      expect(minutes).toBeLessThanOrEqual(30);
    }
  });

  it("needs --email when the running dashboard is the orchestrator variant, whatever this shell says", async () => {
    const runtimePath = join(dataDir, runtimeFileName);
    const appliance = readFileSync(runtimePath, "utf8");
    writeFileSync(
      runtimePath,
      JSON.stringify({ ...JSON.parse(appliance), variant: "orchestrator" }),
    );
    try {
      const run = await cli(["register"], { DASHBOARD_VARIANT: "appliance" });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/--email/);
      expect(run.stdout).toBe("");
      const ok = await cli(["register", "--email", "ops@example.com"]);
      expect(ok.code).toBe(0);
    } finally {
      writeFileSync(runtimePath, appliance);
    }
    // The appliance asks for the address on the page, even if this shell names the other variant.
    const appliancePage = await cli(["register"], { DASHBOARD_VARIANT: "orchestrator" });
    expect(appliancePage.code).toBe(0);
  });

  it.each([
    [["register", "--validity", "forever"], /--validity must be/],
    [["register", "--validity", "90d"], /--validity must be/],
    [["register", "--email", "not an address"], /--email: Enter an e-mail address/],
    [["register", "--colour", "red"], /Unknown option '--colour'/],
    [["register", "extra"], /usage: bin\/dashboard register/],
  ])("refuses bad input (%j) with exit code 2 and a message", async (args, message) => {
    const run = await cli(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe("");
  });

  it("refuses an address that already has an account", async () => {
    await createUser(db, { email: "taken@example.com", fullname: "T", issuer: "i", subject: "s1" });
    const run = await cli(["register", "--email", "taken@example.com"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/already has an account/);
  });

  it("says clearly when no dashboard ever ran on the data directory", async () => {
    const empty = mkdtempSync(join(tmpdir(), "dashboard-cli-empty-"));
    try {
      const run = await cli(["register"], { DATA_DIR: empty });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/has never run with the data directory/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it("explains itself to a person at a terminal", async () => {
    let text = "";
    const stdout = Object.assign(
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          text += chunk.toString();
          callback();
        },
      }),
      { isTTY: true },
    );
    const config = readConfig({ DATA_DIR: dataDir }, "/nonexistent-repository-root");
    await registerCommand(["--email", "tty@example.com", "--validity", "2h"], config, {
      stdout,
      stderr: stdout,
    });
    expect(text).toMatch(/Registration link for tty@example\.com, valid for 2 hours \(until .*Z\)/);
    expect(text).toContain(`${publicUrl}/register?token=`);
  });
});

describe("bin/dashboard disable-user / enable-user", () => {
  it("disables an account, ending its sessions, and enables it again", async () => {
    const user = await createUser(db, {
      email: "mallory@example.com",
      fullname: "Mallory",
      issuer: "i",
      subject: "s2",
    });
    const lifetimes = { idleMs: 3_600_000, absoluteMs: 7_200_000 };
    const session = await createBrowserSession(
      db,
      { userId: user.id, address: "", userAgent: "", idToken: "" },
      lifetimes,
    );

    const disabled = await cli(["disable-user", "Mallory@example.com"]);
    expect(disabled.code).toBe(0);
    expect(disabled.stdout).toMatch(/Disabled mallory@example\.com/);
    expect((await findUserByEmail(db, "mallory@example.com"))?.disabled).toBe(1);
    expect((await findSessionUser(db, session, lifetimes)).kind).toBe("disabled");

    const enabled = await cli(["enable-user", "mallory@example.com"]);
    expect(enabled.code).toBe(0);
    expect((await findUserByEmail(db, "mallory@example.com"))?.disabled).toBe(0);

    const actions = await db
      .selectFrom("audit_log")
      .select(["action", "actor", "detail"])
      .where("action", "in", ["account-disabled", "account-enabled"])
      .execute();
    expect(actions).toEqual([
      { action: "account-disabled", actor: "cli", detail: "mallory@example.com" },
      { action: "account-enabled", actor: "cli", detail: "mallory@example.com" },
    ]);
  });

  it("names an unknown address and exits 1", async () => {
    const run = await cli(["disable-user", "nobody@example.com"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/No account has the e-mail address nobody@example\.com/);
  });

  it("needs exactly one address (exit code 2)", async () => {
    expect((await cli(["enable-user"])).code).toBe(2);
    expect((await cli(["enable-user", "a@example.com", "b@example.com"])).code).toBe(2);
  });
});

describe("validity durations", () => {
  it("reads minutes, hours and days from a minute to 30 days", () => {
    expect(parseDuration("30m")).toBe(1_800_000);
    expect(parseDuration("1h")).toBe(3_600_000);
    expect(parseDuration("1d")).toBe(86_400_000);
    expect(parseDuration("0m")).toBeUndefined();
    expect(parseDuration("31d")).toBeUndefined();
    expect(parseDuration("1.5h")).toBeUndefined();
    expect(parseDuration("h")).toBeUndefined();
  });

  it("describes them for people", () => {
    expect(describeDuration(3_600_000)).toBe("1 hour");
    expect(describeDuration(1_800_000)).toBe("30 minutes");
    expect(describeDuration(93_600_000)).toBe("1 day 2 hours");
  });
});
