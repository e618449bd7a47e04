// The server's log, as the command line starts it (JSON lines at LOG_LEVEL): every request, every
// unexpected 500 with its stack, and no credential (cookies, authorization, secret query values,
// share tokens in paths).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import { ConfigError, readConfig } from "../src/config.ts";
import { startDashboard, type RunningDashboard } from "../src/main.ts";

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  err?: { message: string; stack: string };
}

/** A log stream for the server that keeps its lines and lets a test wait for one. */
class LogCollector {
  readonly text: string[] = [];
  private readonly waiting = new Set<() => void>();

  write(line: string): void {
    this.text.push(line);
    for (const check of this.waiting) check();
  }

  lines(): LogLine[] {
    return this.text.map((line) => JSON.parse(line) as LogLine);
  }

  /** The first line that satisfies `test`, once it has been written. */
  waitFor(test: (line: LogLine) => boolean): Promise<LogLine> {
    return new Promise((resolve) => {
      const check = () => {
        const found = this.lines().find(test);
        if (found === undefined) return;
        this.waiting.delete(check);
        resolve(found);
      };
      this.waiting.add(check);
      check();
    });
  }

  /** Every line of the request whose URL contains `probe`, up to and with its completion. */
  async linesOfRequest(probe: string): Promise<LogLine[]> {
    const incoming = await this.waitFor((line) => line.req?.url.includes(probe) === true);
    await this.waitFor((line) => line.reqId === incoming.reqId && line.res !== undefined);
    return this.lines().filter((line) => line.reqId === incoming.reqId);
  }
}

let dataDir: string;
let dashboard: RunningDashboard;
const log = new LogCollector();

beforeAll(async () => {
  // SQLite in a data directory of its own: the 500 below is made by hiding a table from it.
  dataDir = mkdtempSync(join(tmpdir(), "dashboard-logging-test-"));
  const webDistDir = join(dataDir, "web");
  mkdirSync(webDistDir);
  writeFileSync(join(webDistDir, "index.html"), "<!doctype html><title>spa</title>");
  const config = readConfig(
    { DATA_DIR: dataDir, PORT: "0", WEB_DIST_DIR: webDistDir, LOG_LEVEL: "info" },
    "/nonexistent-repository-root",
  );
  dashboard = await startDashboard(config, { logStream: log });
});

afterAll(async () => {
  await dashboard.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the server's log", () => {
  it("logs a request without its cookie, authorization header or secret query values", async () => {
    const probe = randomUUID();
    const response = await fetch(
      `${dashboard.url}/api/auth-info?secret=x&token=y&registration=reg-value-77&probe=${probe}`,
      {
        headers: {
          cookie: "dashboard_session=cookie-value-1234; other=cookie-value-5678",
          authorization: "Bearer bearer-value-9012",
        },
      },
    );
    await response.arrayBuffer();
    const lines = await log.linesOfRequest(probe);

    expect(lines.map((line) => line.msg)).toEqual(["incoming request", "request completed"]);
    expect(lines[0]?.req).toMatchObject({
      method: "GET",
      url: `/api/auth-info?secret=[redacted]&token=[redacted]&registration=[redacted]&probe=${probe}`,
    });
    expect(lines[1]?.res?.statusCode).toBe(response.status);
    const all = log.text.join("\n");
    for (const secret of [
      "secret=x",
      "token=y",
      "reg-value-77",
      "cookie-value-1234",
      "cookie-value-5678",
      "bearer-value-9012",
    ]) {
      expect(all).not.toContain(secret);
    }
  });

  it("logs a share link's page and calls without the token in their paths", async () => {
    const probe = randomUUID();
    await (await fetch(`${dashboard.url}/stream/share-token-1357?probe=${probe}`)).arrayBuffer();
    const [page] = await log.linesOfRequest(probe);
    expect(page?.req?.url).toBe(`/stream/[redacted]?probe=${probe}`);

    const apiProbe = randomUUID();
    await (
      await fetch(`${dashboard.url}/api/public/streams/share-token-2468?probe=${apiProbe}`)
    ).arrayBuffer();
    const [call] = await log.linesOfRequest(apiProbe);
    expect(call?.req?.url).toBe(`/api/public/streams/[redacted]?probe=${apiProbe}`);
    expect(log.text.join("\n")).not.toMatch(/share-token-(1357|2468)/);
  });

  it("logs an unexpected 500 with its stack", async () => {
    // The users' table disappears behind the server's back: the next query of it fails.
    const sqlite = new DatabaseSync(join(dataDir, "dashboard.sqlite"));
    sqlite.exec("ALTER TABLE users RENAME TO users_hidden");
    try {
      const probe = randomUUID();
      const response = await fetch(`${dashboard.url}/api/auth-info?probe=${probe}`);
      expect(response.status).toBe(500);
      // The answer names nothing internal; the log has it all.
      expect(await response.text()).not.toContain("users");
      const lines = await log.linesOfRequest(probe);
      const error = lines.find((line) => line.level === 50);
      expect(error?.err?.message).toContain("no such table: users");
      expect(error?.err?.stack).toMatch(/no such table: users[\s\S]*\n\s+at /);
      expect(lines.at(-1)?.res?.statusCode).toBe(500);
    } finally {
      sqlite.exec("ALTER TABLE users_hidden RENAME TO users");
      sqlite.close();
    }
  });
});

describe("LOG_LEVEL", () => {
  const root = "/nonexistent-repository-root";

  it("is info by default and takes pino's levels", () => {
    expect(readConfig({}, root).logLevel).toBe("info");
    expect(readConfig({ LOG_LEVEL: "debug" }, root).logLevel).toBe("debug");
    expect(readConfig({ LOG_LEVEL: "silent" }, root).logLevel).toBe("silent");
  });

  it("refuses anything else with a message that names it", () => {
    expect(() => readConfig({ LOG_LEVEL: "loud" }, root)).toThrow(ConfigError);
    expect(() => readConfig({ LOG_LEVEL: "loud" }, root)).toThrow(
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    );
  });
});
