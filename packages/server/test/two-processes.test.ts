// Two dashboard processes on one PostgreSQL database behind a load balancer (here a round-robin
// proxy on loopback, PUBLIC_URL its address), as operators run them where one machine is not
// enough: requests alternate between the two, and what matters across requests holds whichever
// answers. A sign-in (login transaction, the embedded provider's form, the callback) crosses
// them; the limits on wrong passwords count both; "sign out other sessions" on one closes the
// sockets the other holds for them; disabling the user (the command line) does too.
// Each process has a data directory (and an embedded cluster) of its own: only the database is
// shared. PostgreSQL only (scripts/with-postgres.sh): SQLite is one process's file.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, request as httpRequest, type Server } from "node:http";
import { connect as netConnect, type AddressInfo } from "node:net";
import { sessionInfoSchema } from "@anbox-dashboard/contract";
import { readConfig } from "../src/config.ts";
import { startDashboard, type RunningDashboard } from "../src/main.ts";
import { openDatabase, type Database } from "../src/store/database.ts";
import { createUser } from "../src/store/users.ts";
import { createIdpAccount } from "../src/idp/accounts.ts";
import { sessionCookieName } from "../src/auth/session-cookie.ts";
import { setAccountStatusCommand } from "../src/cli/account-status.ts";
import { prepareTestEnvironment, type TestEnvironment } from "./support/test-environment.ts";
import { TestBrowser } from "./support/test-browser.ts";
import { formOf, pageAfter } from "./support/provider-pages.ts";
import { connect, expectOpened } from "./support/test-websocket.ts";

const postgres = process.env.TEST_POSTGRES_URL !== undefined;
const password = "correct horse battery";

let environments: TestEnvironment[] = [];
let dashboards: RunningDashboard[] = [];
let balancer: Server;
let base: string;
let db: Database;
/** Which process answered each request through the balancer, in order. */
const answeredBy: number[] = [];

/** A round-robin balancer: each request (and websocket upgrade) goes to the next process. */
function startBalancer(targets: () => readonly URL[]): Promise<Server> {
  let next = 0;
  const pick = () => {
    const index = next % targets().length;
    next += 1;
    answeredBy.push(index);
    const target = targets()[index];
    if (target === undefined) throw new Error("no process to send to");
    return target;
  };
  const server = createServer((req, res) => {
    const target = pick();
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  server.on("upgrade", (req, socket, head) => {
    const target = pick();
    const upstream = netConnect(Number(target.port), target.hostname, () => {
      const headers = Object.entries(req.headers)
        .map(
          ([name, value]) => `${name}: ${Array.isArray(value) ? value.join(", ") : String(value)}`,
        )
        .join("\r\n");
      upstream.write(`${req.method ?? "GET"} ${req.url ?? "/"} HTTP/1.1\r\n${headers}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve(server);
    });
  });
}

const sameOrigin = () => ({ origin: base, "sec-fetch-site": "same-origin" });

/** Signs in through the balancer with the embedded provider's form; the answer to the password. */
async function signIn(
  browser: TestBrowser,
  typed: string,
  email = "ada@example.com",
): Promise<Response> {
  const signInPage = await pageAfter(browser, `${base}/api/login?next=/instances`);
  const form = formOf(signInPage.html);
  return browser.request(new URL(form.action, signInPage.url).href, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...sameOrigin() },
    body: new URLSearchParams({ ...form.fields, email, password: typed }),
  });
}

/** Signs in and lands on the dashboard: the browser holds a session. */
async function signedIn(): Promise<TestBrowser> {
  const browser = new TestBrowser();
  const submitted = await signIn(browser, password);
  const landed = await pageAfter(
    browser,
    new URL(submitted.headers.get("location") ?? "", base).href,
  );
  expect(landed.url).toBe(`${base}/instances`);
  return browser;
}

/** The events socket of process `index`'s cluster, opened straight at that process. */
async function eventsSocketAt(index: number, browser: TestBrowser) {
  const direct = dashboards[index]?.url ?? "";
  const cookie = `${sessionCookieName}=${browser.cookie(base, sessionCookieName) ?? ""}`;
  const auth = await fetch(`${direct}/api/events/auth?clusterId=c${String(index)}`, {
    method: "POST",
    headers: { cookie, ...sameOrigin() },
  });
  expect(auth.status).toBe(200);
  const { token } = ((await auth.json()) as { metadata: { token: string } }).metadata;
  return expectOpened(
    await connect(`${direct.replace(/^http/, "ws")}/ams/0/1.0/events?secret=${token}`, { cookie }),
  );
}

beforeAll(async () => {
  if (!postgres) return;
  let targets: URL[] = [];
  balancer = await startBalancer(() => targets);
  base = `http://127.0.0.1:${String((balancer.address() as AddressInfo).port)}`;
  for (const index of [0, 1]) {
    const environment = await prepareTestEnvironment(`two-processes-${String(index)}`);
    environments.push(environment);
    dashboards.push(
      await startDashboard(
        readConfig(
          {
            DATA_DIR: environment.dataDir,
            PORT: "0",
            WEB_DIST_DIR: environment.webDistDir,
            // One database for both: the first environment's.
            DATABASE_URL: environments[0]?.databaseUrl,
            PUBLIC_URL: base,
            EMBEDDED_CLUSTERS: `c${String(index)}`,
          },
          "/nonexistent-repository-root",
        ),
      ),
    );
  }
  targets = dashboards.map((dashboard) => new URL(dashboard.url));
  db = await openDatabase({
    dataDir: environments[0]?.dataDir ?? "",
    databaseUrl: environments[0]?.databaseUrl,
  });
  const account = await createIdpAccount(db, {
    email: "ada@example.com",
    fullname: "Ada Lovelace",
    password,
  });
  await createUser(db, {
    email: account.email,
    fullname: account.fullname,
    issuer: `${base}/oidc`,
    subject: account.id,
  });
});

afterAll(async () => {
  if (!postgres) return;
  await db.destroy();
  for (const dashboard of dashboards) await dashboard.stop();
  balancer.close();
  for (const environment of environments.reverse()) await environment.cleanup();
  environments = [];
  dashboards = [];
});

describe.runIf(postgres)("two dashboard processes on one database", () => {
  it("signs in across them and each knows the session", async () => {
    answeredBy.length = 0;
    const browser = await signedIn();
    // The sign-in's requests went to both processes, alternately.
    expect(new Set(answeredBy)).toEqual(new Set([0, 1]));
    const cookie = `${sessionCookieName}=${browser.cookie(base, sessionCookieName) ?? ""}`;
    for (const dashboard of dashboards) {
      const info = await fetch(`${dashboard.url}/api/info`, { headers: { cookie } });
      expect(sessionInfoSchema.parse(await info.json()).user.email).toBe("ada@example.com");
    }
  });

  it("counts wrong passwords sent to either against the same limit", async () => {
    // Another account: the lock holds an account and address pair for a quarter of an hour.
    const browser = new TestBrowser();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signIn(browser, "wrong password", "grace@example.com")).status).toBe(401);
    }
    const refused = await signIn(browser, "wrong password", "grace@example.com");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).not.toBeNull();
  });

  it("closes the other process's sockets of sessions ended on one", async () => {
    const watched = await signedIn();
    const events = await eventsSocketAt(1, watched);
    // Another session of the same user signs the others out, through process 0.
    const other = await signedIn();
    const ended = await other.request(`${dashboards[0]?.url ?? ""}/api/profile/sessions`, {
      method: "DELETE",
      headers: {
        cookie: `${sessionCookieName}=${other.cookie(base, sessionCookieName) ?? ""}`,
        ...sameOrigin(),
      },
    });
    expect(ended.status).toBe(200);
    expect((await events.closed).code).toBe(4001);

    // Disabled from the command line, beside process 0: process 1 closes the user's sockets.
    const lastEvents = await eventsSocketAt(1, other);
    let printed = "";
    await setAccountStatusCommand(
      ["ada@example.com"],
      true,
      readConfig(
        { DATA_DIR: environments[0]?.dataDir ?? "", DATABASE_URL: environments[0]?.databaseUrl },
        "/nonexistent-repository-root",
      ),
      {
        stdout: {
          write: (text: string) => ((printed += text), true),
        } as unknown as NodeJS.WritableStream,
        stderr: process.stderr,
      },
    );
    expect(printed).toContain("Disabled ada@example.com");
    expect((await lastEvents.closed).code).toBe(4001);
  });
});
