import { expect, test } from "@playwright/test";
import { request } from "node:http";
import { join } from "node:path";
import { createRegistrationLink } from "../helpers/dashboard-cli.ts";
import { embeddedDashboard, repositoryRoot } from "../helpers/product.ts";
import { fillRegistrationForm } from "../helpers/registration-form.ts";
import { expectPageTitle, mainNavigation } from "../helpers/shell.ts";

// Live events: an instance created through the cluster's own API (as another client would) shows
// up on the operations page without a reload, and its operation ends there as a success.

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

test("an operation started through the cluster appears on /operations and ends in success", async ({
  page,
}) => {
  await page.goto(
    await createRegistrationLink(embeddedDashboard.dataDir, `grace-${Date.now()}@example.com`),
  );
  await fillRegistrationForm(page, { fullname: "Grace Hopper", password: "compiler-1952-cobol" });
  await expect(mainNavigation(page)).toBeVisible();

  await page.goto("/operations");
  await expectPageTitle(page, "Operations");
  const instanceName = `live-${Date.now()}`;
  expect(await createInstanceThroughCluster(instanceName)).toBe(202);

  // No reload: the events socket tells the page, which refetches the list.
  const row = page.getByRole("row").filter({ hasText: "Creating instance" }).first();
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText("Success", { timeout: 15_000 });
});
