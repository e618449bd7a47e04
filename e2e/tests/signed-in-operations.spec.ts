import { expect, test, type Page } from "@playwright/test";
import { request } from "node:http";
import { join } from "node:path";
import { createRegistrationLink } from "../helpers/dashboard-cli.ts";
import { embeddedDashboard, repositoryRoot } from "../helpers/product.ts";
import { pauseCluster } from "../helpers/cluster-process.ts";
import { fillRegistrationForm } from "../helpers/registration-form.ts";
import { expectPageTitle, mainNavigation } from "../helpers/shell.ts";

// Live events: an instance created through the cluster's own API (as another client would) shows
// up in the status bar and on the operations page without a reload, and its operation ends there
// as a success; a cluster that does not answer ends, after the retries, in a failure notification.

function createInstanceThroughCluster(name: string): Promise<number> {
  const socketPath = join(repositoryRoot, embeddedDashboard.dataDir, "clusters/default/ams.socket");
  const body = JSON.stringify({ name, image_id: "jammy:android15:amd64" });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        socketPath,
        method: "POST",
        path: "/1.0/instances",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on("end", () => {
          resolve(res.statusCode ?? 0);
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function signUp(page: Page, fullname: string): Promise<void> {
  const email = `${fullname.split(" ")[0]?.toLowerCase() ?? "user"}-${Date.now()}@example.com`;
  await page.goto(await createRegistrationLink(embeddedDashboard.dataDir, email));
  await fillRegistrationForm(page, { fullname, password: "compiler-1952-cobol" });
  await expect(mainNavigation(page)).toBeVisible();
  // A new account is greeted by the update modal, which hides the page from assistive technology.
  await page.getByRole("dialog").getByRole("button", { name: "Got it" }).click();
}

test("an instance started through the cluster shows in the status bar while its operation runs", async ({
  page,
}) => {
  await signUp(page, "Ada Lovelace");
  await page.goto("/images");
  const statusBar = page.getByRole("contentinfo");
  await expect(statusBar.getByText(/in progress/)).toHaveCount(0);

  expect(await createInstanceThroughCluster(`status-bar-${Date.now()}`)).toBe(202);
  // The virtual device boots in a few steps: the status bar counts its operation meanwhile.
  const running = statusBar.getByRole("link", { name: /1 operations? in progress\.\.\./ });
  await expect(running).toBeVisible({ timeout: 10_000 });
  await running.click();
  await expect(page).toHaveURL(/\/operations$/);
  await expectPageTitle(page, "Operations");
  // Once the device runs, nothing is in progress any more.
  await expect(statusBar.getByText(/in progress/)).toHaveCount(0, { timeout: 20_000 });
});

test("an operation started through the cluster appears on /operations and ends in success", async ({
  page,
}) => {
  await signUp(page, "Grace Hopper");

  await page.goto("/operations");
  await expectPageTitle(page, "Operations");
  const instanceName = `live-${Date.now()}`;
  expect(await createInstanceThroughCluster(instanceName)).toBe(202);

  // No reload: the events socket tells the page, which refetches the list.
  const row = page.getByRole("row").filter({ hasText: "Creating instance" }).first();
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText("Success", { timeout: 15_000 });
});

test("a cluster that does not answer ends in the events failure notification after the retries", async ({
  page,
}) => {
  // The relay finds the cluster hung within two pings (10 s apart); then six attempts, each waiting
  // for the cluster up to the server's 5 s, and the retry delays between them.
  test.setTimeout(120_000);
  await signUp(page, "Barbara Liskov");
  await page.goto("/operations");
  await expectPageTitle(page, "Operations");

  const resume = pauseCluster(embeddedDashboard.dataDir, "default");
  try {
    // The open events connection is dropped as hung; the new ones the page tries never open.
    await expect(
      page.getByText("Failed to connect to the events websocket of cluster default").first(),
    ).toBeVisible({ timeout: 100_000 });
  } finally {
    resume();
  }
});
