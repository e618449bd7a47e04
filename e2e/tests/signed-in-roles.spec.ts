import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "../helpers/cluster-test.ts";
import { signUp } from "../helpers/account.ts";
import { createInstanceThroughCluster } from "../helpers/cluster-api.ts";
import { createRegistrationLink, runDashboardCli } from "../helpers/dashboard-cli.ts";
import { fillRegistrationForm } from "../helpers/registration-form.ts";
import { currentDashboard } from "../helpers/product.ts";
import { mainNavigation } from "../helpers/shell.ts";

// Issue 37's roles, as LXD UI's end-to-end test walks them: an admin, a viewer of the cluster, an
// operator of it, a streamer of two instances (who may also restart one), and someone in no
// group, each signed in in a browser of their own. On each page, what they may not do is disabled
// with the entitlement it needs; forced by hand (requests, a bulk call mixing what they may and
// may not do, the events socket), the server refuses it the same way.

const areas = [
  "Instances",
  "Applications",
  "Images",
  "Nodes",
  "Configuration",
  "Operations",
  "Permissions",
];

interface Forced {
  status: number;
  body: unknown;
}

/** A request made by hand from the page, as its user (same-origin, their cookie). */
function force(page: Page, method: string, path: string, body?: unknown): Promise<Forced> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { "content-type": "application/json", "Idempotency-Key": crypto.randomUUID() },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text === "" ? null : (JSON.parse(text) as unknown) };
    },
    { method, path, body },
  );
}

function messageOf(forced: Forced): string {
  return (forced.body as { message?: string }).message ?? "";
}

/** The areas the navigation offers this user. */
async function offeredAreas(page: Page): Promise<string[]> {
  const nav = mainNavigation(page);
  const offered: string[] = [];
  for (const area of areas) {
    if ((await nav.getByRole("link", { name: area, exact: true }).count()) > 0) offered.push(area);
  }
  return offered;
}

async function signedIn(browser: Browser, name: string, groups: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (groups.length > 0) {
    await signUp(page, name, currentDashboard().dataDir, groups);
    return page;
  }
  // In no group, one lands where the navigation is not shown.
  const email = `nobody-${String(Date.now())}@example.com`;
  await page.goto(await createRegistrationLink(currentDashboard().dataDir, email, []));
  await fillRegistrationForm(page, { fullname: name, password: "compiler-1952-cobol" });
  return page;
}

async function group(name: string, grants: [string, string[]][]): Promise<void> {
  const dataDir = currentDashboard().dataDir;
  await runDashboardCli(["group", "create", name], dataDir);
  for (const [resource, entitlements] of grants) {
    await runDashboardCli(["group", "permission", "add", name, resource, ...entitlements], dataDir);
  }
}

/** The events socket opened by hand: whether it opened, after asking for its token. */
function openEvents(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const auth = await fetch("/api/events/auth?clusterId=default", { method: "POST" });
    if (!auth.ok) return `refused ${String(auth.status)}`;
    const { metadata } = (await auth.json()) as { metadata: { token: string } };
    const url = `${location.origin.replace("http", "ws")}/ams/0/1.0/events?secret=${metadata.token}`;
    return new Promise<string>((resolve) => {
      const socket = new WebSocket(url);
      socket.onopen = () => {
        socket.close();
        resolve("opened");
      };
      socket.onerror = () => {
        resolve("failed");
      };
    });
  });
}

test("each role finds what it may not do disabled with what it needs, and refused when forced", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = String(Date.now());
  const a = await createInstanceThroughCluster({ name: `e2e-role-a-${stamp}`, no_start: true });
  const b = await createInstanceThroughCluster({ name: `e2e-role-b-${stamp}`, no_start: true });
  const other = await createInstanceThroughCluster({ name: `e2e-role-c-${stamp}`, no_start: true });
  const viewers = `viewers-${stamp}`;
  const operators = `operators-${stamp}`;
  const streamers = `streamers-${stamp}`;
  await group(viewers, [["cluster:default", ["can_view"]]]);
  await group(operators, [
    [
      "cluster:default",
      ["can_view", "can_edit", "can_delete", "can_create_instances", "can_stream", "can_view_logs"],
    ],
  ]);
  await group(streamers, [
    [`instance:default/${a.id}`, ["can_stream"]],
    [`instance:default/${b.id}`, ["can_stream", "can_edit"]],
  ]);

  // The admin: everything offered.
  const admin = await signedIn(browser, "Ada Admin", ["admin"]);
  expect(await offeredAreas(admin)).toEqual(areas);
  await admin.goto("/instances");
  // Offered, it is a link to the form; refused, a disabled button saying why.
  await expect(admin.getByRole("link", { name: "Create instance" })).toBeVisible();

  // One browser at a time: the other project's specs share these two cores.
  await admin.context().close();

  // A viewer of the cluster: its areas but configuration and permissions; no action.
  const viewer = await signedIn(browser, "Vera Viewer", [viewers]);
  expect(await offeredAreas(viewer)).toEqual(
    areas.filter((area) => area !== "Configuration" && area !== "Permissions"),
  );
  await viewer.goto("/instances");
  const create = viewer.getByRole("button", { name: "Create instance" });
  await expect(create).toHaveAccessibleDescription(/^You need can_create_instances on a cluster\./);
  const deleteA = viewer.getByRole("button", { name: `Delete e2e-role-a-${stamp}` });
  await expect(deleteA).toHaveAttribute("aria-disabled", "true");
  await expect(deleteA).toHaveAccessibleDescription(
    new RegExp(`^You need can_delete on instance:default/${a.id}\\.`),
  );
  // Reached from the keyboard, the reason shows beside the button (not only to a mouse's hover).
  await deleteA.focus();
  await expect(viewer.locator(".reason-tip")).toHaveText(
    new RegExp(`^You need can_delete on instance:default/${a.id}\\.`),
  );
  await viewer.keyboard.press("Escape");
  await expect(viewer.locator(".reason-tip")).toHaveCount(0);
  await viewer.goto("/applications");
  await expect(viewer.getByRole("button", { name: "Add application" })).toHaveAccessibleDescription(
    /^You need can_create_applications on a cluster\./,
  );
  await viewer.goto("/nodes");
  await expect(viewer.getByRole("button", { name: "Add node" })).toHaveAccessibleDescription(
    /^You need can_create_nodes on a cluster\./,
  );
  // A node's settings are facts to the viewer, not fields they cannot save.
  await viewer
    .getByRole("button", { name: /^View / })
    .first()
    .click();
  await expect(viewer.getByText(/^You need can_edit on node:default\//)).toBeVisible();
  await expect(viewer.getByRole("textbox", { name: "CPU allocation rate" })).toHaveCount(0);
  await viewer.goto("/images");
  await expect(viewer.getByRole("button", { name: "Add image" })).toHaveAccessibleDescription(
    /^You need can_create_images on a cluster\./,
  );
  await viewer.goto("/operations");
  await expect(viewer.getByRole("heading", { level: 1, name: "Operations" })).toBeVisible();
  // The instances made for this test were made by operations the viewer may see.
  await expect(viewer.getByRole("row").nth(1)).toBeVisible();
  await viewer.goto("/permissions/groups");
  await expect(viewer.getByText(/^You may view no group/)).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Create group" })).toHaveAccessibleDescription(
    /^You need can_create_groups on server\./,
  );
  await viewer.goto("/config");
  await expect(viewer.getByText(/can_view_config/).first()).toBeVisible();
  const viewerDelete = await force(
    viewer,
    "DELETE",
    `/api/instances/${a.id}?clusterId=default`,
    {},
  );
  expect(viewerDelete.status).toBe(403);
  expect(messageOf(viewerDelete)).toBe(
    `You may not do this: needs can_delete on instance:default/${a.id}.`,
  );
  const viewerCreate = await force(viewer, "POST", "/api/instances?clusterId=default", {
    name: "nope",
  });
  expect(messageOf(viewerCreate)).toBe(
    "You may not do this: needs can_create_instances on cluster:default.",
  );
  const viewerConfig = await force(viewer, "GET", "/api/config?clusterId=default");
  expect(messageOf(viewerConfig)).toBe(
    "You may not do this: needs can_view_config on cluster:default.",
  );
  expect((await force(viewer, "POST", "/api/auth/groups", { name: `x${stamp}` })).status).toBe(403);
  expect(await openEvents(viewer)).toBe("opened");

  await viewer.context().close();

  // An operator of the cluster: its instances in full, not its configuration nor the groups.
  const operator = await signedIn(browser, "Otto Operator", [operators]);
  expect(await offeredAreas(operator)).toEqual(
    areas.filter((area) => area !== "Configuration" && area !== "Permissions"),
  );
  await operator.goto("/instances");
  await expect(operator.getByRole("link", { name: "Create instance" })).toBeVisible();
  await expect(
    operator.getByRole("button", { name: `Delete e2e-role-c-${stamp}` }),
  ).not.toHaveAttribute("aria-disabled", "true");
  const operatorGroups = await force(operator, "POST", "/api/auth/groups", { name: `y${stamp}` });
  expect(messageOf(operatorGroups)).toBe("You may not do this: needs can_create_groups on server.");
  const operatorConfig = await force(operator, "PATCH", "/api/config?clusterId=default", {});
  expect(operatorConfig.status).toBe(403);

  await operator.context().close();

  // A streamer of two instances: those alone, one of which they may also start and stop.
  const streamer = await signedIn(browser, "Sam Streamer", [streamers]);
  expect(await offeredAreas(streamer)).toEqual(["Instances", "Operations"]);
  await streamer.goto("/instances");
  await expect(streamer.getByRole("row")).toHaveCount(3); // the header and their two
  await expect(
    streamer.getByRole("button", { name: `Start e2e-role-a-${stamp}` }),
  ).toHaveAccessibleDescription(new RegExp(`^You need can_edit on instance:default/${a.id}\\.`));
  await expect(
    streamer.getByRole("button", { name: `Start e2e-role-b-${stamp}` }),
  ).not.toHaveAttribute("aria-disabled", "true");
  // A bulk start of the three: the one they may is done, the others answered one by one.
  const bulk = await force(streamer, "PATCH", "/api/instance_bulk", {
    instances: [a, b, other].map(({ id }) => ({ id, clusterId: "default" })),
    desired_status: "running",
  });
  expect(bulk.status).toBe(200);
  const results = (
    bulk.body as { metadata: { results: { id: string; success: boolean; error: string }[] } }
  ).metadata.results;
  expect(results.find((result) => result.id === b.id)).toMatchObject({ success: true });
  expect(results.find((result) => result.id === a.id)).toMatchObject({
    success: false,
    error: `You may not do this: needs can_edit on instance:default/${a.id}.`,
  });
  expect(results.find((result) => result.id === other.id)).toMatchObject({ success: false });
  expect(
    (await force(streamer, "GET", `/api/instances/${other.id}?clusterId=default`)).status,
  ).toBe(404);
  expect(await openEvents(streamer)).toBe("opened");

  await streamer.context().close();

  // Someone in no group: told so, shown nothing, refused everything.
  const nobody = await signedIn(browser, "Nora Nobody", []);
  await expect(nobody.getByRole("heading", { name: "No access yet" })).toBeVisible();
  expect(await offeredAreas(nobody)).toEqual([]);
  expect((await force(nobody, "GET", "/api/instances")).body).toEqual({
    metadata: [],
    total_size: 0,
  });
  expect((await force(nobody, "GET", `/api/instances/${a.id}?clusterId=default`)).status).toBe(404);
  expect(await openEvents(nobody)).toBe("refused 400");

  await nobody.context().close();
});
