import { join } from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "../helpers/cluster-test.ts";
import { signUp } from "../helpers/account.ts";
import { runDashboardCli } from "../helpers/dashboard-cli.ts";
import { createInstanceThroughCluster } from "../helpers/cluster-api.ts";
import { currentDashboard, repositoryRoot } from "../helpers/product.ts";
import {
  startRemoteClusterProcess,
  type RemoteClusterProcess,
} from "@anbox-dashboard/cluster/testing/remote-cluster";
import { streamScreen } from "../helpers/streamable-instance.ts";
import { framesShown } from "../helpers/video-pixels.ts";
import { expectNoAccessibilityViolations } from "../helpers/accessibility.ts";
import { expectFitsWindow } from "../helpers/fits-window.ts";

// A remote cluster, as an operator adds one (issue 20; named signed-in-* so that it runs after
// sign-in.spec.ts, which needs an installation without accounts): the embedded cloud started on its own
// over TLS on loopback (`bin/cluster serve`), added to the running dashboard with
// `bin/dashboard cluster add` (the first try says AMS does not trust the dashboard yet; trusted,
// the second adds it), then used from the browser beside the embedded cluster: one instance list,
// create, terminal, logs, stream and share on the remote one. Killed, it is marked unreachable
// while the embedded cluster's rows stay; started again, it comes back without a reload.

let dataDir: string;
let remote: RemoteClusterProcess;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  dataDir = currentDashboard().dataDir;
  remote = await startRemoteClusterProcess("lab");
  const add = ["cluster", "add", "lab", "--ams-url", remote.amsUrl];
  await expect(
    runDashboardCli([...add, "--fingerprint", remote.fingerprint], dataDir),
  ).rejects.toThrow(/does not trust the dashboard's client certificate/);
  await remote.trust(join(repositoryRoot, dataDir, "tls", "client.crt"));
  const added = await runDashboardCli(
    [
      ...[...add, "--fingerprint", remote.fingerprint],
      ...["--gateway-url", remote.gatewayUrl, "--gateway-token-file", remote.tokenFile],
    ],
    dataDir,
  );
  expect(added).toContain("Added cluster lab");
});

test.afterAll(async () => {
  await runDashboardCli(["cluster", "remove", "lab"], dataDir).catch(() => undefined);
  await remote.destroy();
});

function statusOf(page: Page) {
  return page.getByRole("main").locator(".detail-page__header [data-status]").first();
}

test("a remote cluster beside the embedded one: create, terminal, logs, stream and share on it; down and back", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUp(page, "Radia Perlman");

  // Created with the form, on the remote cluster.
  await page.goto("/instances/new");
  const name = `e2e-remote-${String(Date.now())}`;
  await page.getByLabel("Cluster").selectOption("lab");
  await page.getByLabel("Name").fill(name);
  await expect(page.getByText("The name is free", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Image", { exact: true })).toHaveValue(/.+/);
  await page.getByRole("button", { name: "Create and start" }).click();
  await expect(page).toHaveURL(/\/instances\/lab\/[0-9a-v]+$/);
  await expect(statusOf(page)).toHaveText("running", { timeout: 20_000 });

  // Its terminal: a shell on the remote machine's device, over wss with the client certificate.
  await page.getByRole("tab", { name: "Terminal" }).click();
  const terminal = page.getByRole("group", { name: "Terminal" });
  await expect(terminal.locator(".xterm-rows")).toContainText("#", { timeout: 10_000 });
  await terminal.click();
  await page.keyboard.type("echo remote-$((6*7))\n");
  await expect(terminal.locator(".xterm-rows")).toContainText("remote-42");
  await page.getByRole("tab", { name: "Logs" }).click();
  await expect(page.getByLabel(/^Log \w+\.log$/)).not.toBeEmpty();

  // A streamable instance there, made by its operator: it streams through the remote gateway.
  const streamName = `e2e-remote-stream-${String(Date.now())}`;
  const created = await remote.call("POST", "/1.0/instances", {
    name: streamName,
    image_id: "jammy:android15:amd64",
    config: { enable_streaming: true, display: { ...streamScreen, fps: 30, density: 240 } },
  });
  const operation = (created.body as { operation?: string }).operation ?? "";
  await remote.call("GET", `${operation}/wait?timeout=30`);

  // One list across both clusters, each instance named with its cluster.
  const nearName = `e2e-near-${String(Date.now())}`;
  await createInstanceThroughCluster({ name: nearName, no_start: true });
  await page.goto("/instances");
  await expect(page.getByRole("row", { name: new RegExp(`${name} on lab`) })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(`${nearName} on default`) })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByRole("link", { name: `Stream ${streamName}` }).click();
  const video = page.getByLabel("Stream of the device");
  await expect(page.getByRole("status").filter({ hasText: "The stream is playing." })).toBeVisible({
    timeout: 20_000,
  });
  await expect.poll(() => framesShown(video), { timeout: 15_000 }).toBeGreaterThan(10);

  // Shared: the link plays signed out, through the remote gateway.
  await page.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: "Share this stream" });
  await dialog.getByRole("button", { name: "Create link" }).click();
  const link = dialog.getByRole("list", { name: "Share links" }).getByRole("link").first();
  const url = (await link.getAttribute("href")) ?? "";
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(url);
  await expect
    .poll(() => framesShown(visitorPage.getByLabel("Stream of the device")), {
      timeout: 20_000,
    })
    .toBeGreaterThan(10);
  await visitor.close();
  await page.keyboard.press("Escape");

  // Down: the list keeps the embedded cluster's rows and says which cluster is missing and why;
  // the status bar names it once its check finds it down.
  await remote.kill();
  await page.goto("/instances");
  const notice = page
    .getByRole("main")
    .getByRole("status")
    .filter({ hasText: "Cluster lab does not answer" });
  await expect(notice).toContainText("refuses connections");
  await expect(page.getByRole("link", { name: nearName })).toBeVisible();
  await expect(page.getByRole("link", { name })).toHaveCount(0);
  const statusBarWord = page
    .getByRole("contentinfo", { name: "Status bar" })
    .getByText("Cluster lab does not answer");
  await expect(statusBarWord).toBeVisible({ timeout: 35_000 });
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(notice).toBeVisible();
  await expect(
    page.getByRole("contentinfo", { name: "Status bar" }).getByText("lab down"),
  ).toBeVisible();
  await expectFitsWindow(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Back: its rows return on the page as it is, without a reload.
  await remote.restart();
  await expect(page.getByRole("link", { name })).toBeVisible({ timeout: 45_000 });
  await expect(notice).toHaveCount(0);
  await expect(statusBarWord).toHaveCount(0, { timeout: 35_000 });
});
