import { expect, test } from "@playwright/test";
import { createRegistrationLink } from "../helpers/dashboard-cli.ts";
import { externalDashboard, externalIdp } from "../helpers/product.ts";

// A dashboard that signs people in at an external OpenID provider (a test double that signs in one
// configured account): registration links hand over to the provider, and the login button is plain.
test.describe.configure({ mode: "serial" });

test("a registration link signs the person up through the provider", async ({ page }) => {
  const link = await createRegistrationLink(externalDashboard.dataDir);
  await page.goto(link);
  await expect(page.getByLabel("Password")).toHaveCount(0);
  await page.getByRole("link", { name: "Continue with your identity provider" }).click();
  // The dashboard's root sends a signed-in user to the instances.
  await expect(page).toHaveURL(`${externalDashboard.url}/instances`);
  await expect(page.getByRole("link", { name: externalIdp.account.name })).toBeVisible();
  const info = await page.request.get("/api/info");
  expect(await info.json()).toMatchObject({ user: { fullname: externalIdp.account.name } });
});

test("once an account exists, the login page's button reads Login", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("link", { name: "Login", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Login with Ubuntu One" })).toHaveCount(0);
});
