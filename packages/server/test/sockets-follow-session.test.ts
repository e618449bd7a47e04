// A browser session's sockets (events, terminal, signaling) live only as long as the session:
// logout, "sign out other sessions" and `bin/dashboard disable-user` (another process) close
// them within a second, and a join token taken before the session ended opens nothing after.
// Real dashboard, real embedded cluster and gateway, real sockets.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import {
  type AmsInstance,
  type AmsOperation,
  type ClusterSession,
  type EventsAuthResponse,
  type InstanceExecResponse,
  type SessionJoinResponse,
} from "@anbox-dashboard/contract";
import { addUser, startAuthHarness, type AuthHarness } from "./support/auth-harness.ts";
import {
  clusterClient,
  messageOf,
  signedInCookie,
  waitForOperation,
} from "./support/signed-in-harness.ts";
import { connect, expectOpened, type Closed, type TestSocket } from "./support/test-websocket.ts";
import { createGroup, replaceGroup } from "../src/store/authorization-groups.ts";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
const cliPath = join(import.meta.dirname, "..", "src", "cli", "dashboard.ts");
let harness: AuthHarness;
let streamSessionId: string;
/** Why the cluster cannot run shells on this machine (no sandbox), when it cannot. */
let execUnavailable: string | undefined;
const bootDelayBefore = process.env.CLUSTER_BOOT_STEP_DELAY_MS;

function newSession(): Promise<string> {
  return signedInCookie(harness);
}

async function call(
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${harness.url}${path}`, {
    method,
    redirect: "manual",
    headers: body === undefined ? { cookie } : { cookie, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = response.headers.get("content-type")?.includes("json") === true;
  return { status: response.status, body: json && text !== "" ? JSON.parse(text) : text };
}

function wsUrl(path: string): string {
  return `${harness.url.replace(/^http/, "ws")}${path}`;
}

/** A signaling URL of the streamable instance's session, joined by this browser session. */
async function joinStream(cookie: string): Promise<string> {
  const joined = await call(cookie, "POST", `/api/sessions/${streamSessionId}/join`, {});
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  return (joined.body as SessionJoinResponse).signaling_url;
}

/**
 * Every kind of socket a signed-in page holds: events, a terminal and its control, and the
 * stream's signaling unless `stream` is false (a join disconnects the stream's current viewer).
 */
async function openSockets(cookie: string, { stream = true } = {}): Promise<TestSocket[]> {
  const auth = await call(cookie, "POST", "/api/events/auth?clusterId=default");
  expect(auth.status).toBe(200);
  const secret = (auth.body as EventsAuthResponse).metadata.token;
  const sockets = [
    expectOpened(await connect(wsUrl(`/ams/0/1.0/events?secret=${secret}`), { cookie })),
  ];
  if (stream) sockets.push(expectOpened(await connect(await joinStream(cookie))));
  if (execUnavailable === undefined) {
    const exec = await call(cookie, "POST", "/api/instances/streams-here/exec?clusterId=default", {
      height: 24,
      width: 80,
    });
    expect(exec.status, JSON.stringify(exec.body)).toBe(200);
    const { sockets: paths } = (exec.body as InstanceExecResponse).metadata;
    sockets.push(expectOpened(await connect(wsUrl(paths.terminal), { cookie })));
    sockets.push(expectOpened(await connect(wsUrl(paths.control), { cookie })));
  }
  return sockets;
}

/** How long after `since` each socket closed, and how. */
async function closings(
  sockets: TestSocket[],
  since: number,
): Promise<(Closed & { ms: number })[]> {
  return Promise.all(
    sockets.map(async (socket) => ({ ...(await socket.closed), ms: performance.now() - since })),
  );
}

function expectEndedQuickly(closed: (Closed & { ms: number })[]): void {
  for (const socket of closed) {
    expect(socket.code).toBe(4001);
    expect(socket.reason).toBe("Your session has ended: sign in again");
    expect(socket.ms).toBeLessThan(1_000);
  }
}

/** Runs `bin/dashboard` on this dashboard's data (another process, as a person would). */
function runCli(args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [cliPath, ...args],
      { env: { PATH: process.env.PATH ?? "", DATA_DIR: harness.dataDir, ...databaseEnv() } },
      (error, _stdout, stderr) => {
        done({ code: error ? Number(error.code ?? 1) : 0, stderr });
      },
    );
  });
}

function isOpen(socket: TestSocket): boolean {
  return socket.socket.readyState === socket.socket.OPEN;
}

beforeAll(async () => {
  process.env.CLUSTER_BOOT_STEP_DELAY_MS = "20";
  harness = await startAuthHarness(ada);
  await addUser(harness, ada);
  const started = await clusterClient(harness).post<AmsOperation>("/1.0/instances", {
    name: "streams-here",
    image_id: "jammy:android15:amd64",
    config: { enable_streaming: true },
  });
  await waitForOperation(clusterClient(harness), started.metadata.id);
  const instance = await clusterClient(harness).get<AmsInstance>("/1.0/instances/streams-here");
  const tag = instance.metadata.tags.find((candidate) => candidate.startsWith("session="));
  streamSessionId = tag?.slice("session=".length) ?? "";
  const cookie = await newSession();
  const probe = await call(cookie, "POST", "/api/instances/streams-here/exec?clusterId=default", {
    height: 24,
    width: 80,
  });
  if (probe.status === 503) execUnavailable = messageOf(probe.body);
  else {
    const { operation } = (probe.body as InstanceExecResponse).metadata;
    await clusterClient(harness).delete(`/1.0/operations/${operation}`);
  }
  for (let attempt = 0; attempt < 100; attempt++) {
    const read = await call(cookie, "GET", `/api/sessions/${streamSessionId}`);
    if ((read.body as { metadata?: ClusterSession }).metadata?.status === "active") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the stream session did not become active");
});

afterAll(async () => {
  await harness.stop();
  if (bootDelayBefore === undefined) delete process.env.CLUSTER_BOOT_STEP_DELAY_MS;
  else process.env.CLUSTER_BOOT_STEP_DELAY_MS = bootDelayBefore;
});

describe("sockets follow their browser session", () => {
  it("'sign out other sessions' closes the other sessions' sockets at once, not its own", async () => {
    const other = await newSession();
    const here = await newSession();
    const theirs = await openSockets(other);
    const mine = await openSockets(here, { stream: false });
    const since = performance.now();
    const ended = await call(here, "DELETE", "/api/profile/sessions");
    expect(ended.status).toBe(200);
    expectEndedQuickly(await closings(theirs, since));
    expect(mine.every(isOpen)).toBe(true);
    for (const socket of mine) socket.socket.close();
  });

  it("logout closes the session's sockets at once", async () => {
    const cookie = await newSession();
    const sockets = await openSockets(cookie);
    const since = performance.now();
    const logout = await call(cookie, "GET", "/logout");
    expect(logout.status).toBe(302);
    expectEndedQuickly(await closings(sockets, since));
    // The stream it cut off is in the audit trail as a leave, with why and for how long.
    await expect
      .poll(() => cutOffs(ada.email))
      .toContainEqual(
        expect.stringMatching(
          /^stream session .+, cut off: its viewer's session ended, streamed for \d+ s$/,
        ),
      );
  });

  it("a join token taken before the session ended opens no signaling after", async () => {
    const cookie = await newSession();
    const signaling = await joinStream(cookie);
    expect((await call(cookie, "GET", "/logout")).status).toBe(302);
    const refused = await connect(signaling);
    expect("refused" in refused ? refused.refused : 0).toBe(403);
    expect("refused" in refused ? refused.body : "").toContain("has ended");
  });

  it("a join token is bound to its stream: another session's path refuses it", async () => {
    const cookie = await newSession();
    const signaling = await joinStream(cookie);
    const elsewhere = signaling.replace(`/session/${streamSessionId}/`, "/session/not-this-one/");
    const refused = await connect(elsewhere);
    expect("refused" in refused ? refused.refused : 0).toBe(403);
    // Refused means used up: the token does not work for its own stream either.
    const after = await connect(signaling);
    expect("refused" in after ? after.refused : 0).toBe(403);
  });

  it("bin/dashboard identity group remove, from another process, closes what the group granted within a second", async () => {
    await createGroup(harness.db, "testers", "");
    await replaceGroup(harness.db, "testers", {
      description: "",
      permissions: [
        { entitlement: "can_view", resource: "cluster:default" },
        { entitlement: "can_stream", resource: "cluster:default" },
        { entitlement: "can_exec", resource: "cluster:default" },
      ],
    });
    const bob = { sub: `bob-${randomUUID()}`, email: "bob@example.com", name: "Bob" };
    await addUser(harness, bob, ["testers"]);
    harness.provider.setAccount(bob);
    const cookie = await newSession();
    harness.provider.setAccount(ada);
    const sockets = await openSockets(cookie);
    const run = await runCli(["identity", "group", "remove", bob.email, "testers"]);
    expect(run, run.stderr).toMatchObject({ code: 0 });
    const since = performance.now();
    for (const socket of await closings(sockets, since)) {
      expect(socket).toMatchObject({ code: 4003, reason: "You may no longer do this" });
      expect(socket.ms).toBeLessThan(1_000);
    }
    await expect
      .poll(() => cutOffs(bob.email))
      .toContainEqual(
        expect.stringMatching(/cut off: its viewer may no longer stream it, streamed for \d+ s$/),
      );
    // What they could open before, they cannot now.
    const join = await call(cookie, "POST", `/api/sessions/${streamSessionId}/join`, {});
    expect(messageOf(join.body)).toBe("You may not do this: needs can_stream on an instance.");
  });

  // Last: the account stays disabled.
  it("bin/dashboard disable-user, from another process, closes the user's sockets within a second", async () => {
    const cookie = await newSession();
    const tokenBefore = await joinStream(cookie);
    const sockets = await openSockets(cookie);
    const run = await runCli(["disable-user", ada.email]);
    expect(run, run.stderr).toMatchObject({ code: 0 });
    const since = performance.now();
    expectEndedQuickly(await closings(sockets, since));
    const refused = await connect(tokenBefore);
    expect("refused" in refused ? refused.refused : 0).toBe(403);
  });
});

/** The details of the `stream-left` entries of streams the dashboard cut off, of one identity. */
async function cutOffs(email: string): Promise<string[]> {
  const rows = await harness.db
    .selectFrom("audit_log")
    .select("detail")
    .where("action", "=", "stream-left")
    .where("actor", "=", email)
    .execute();
  return rows.map((row) => row.detail).filter((detail) => detail.includes("cut off"));
}

/** The harness's PostgreSQL database, when the suite runs on one. */
function databaseEnv(): Record<string, string> {
  const url = process.env.CLUSTER_DATABASE_URL;
  return process.env.TEST_POSTGRES_URL !== undefined && url !== undefined
    ? { DATABASE_URL: url }
    : {};
}
