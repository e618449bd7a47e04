import { expect, test, type BrowserContext, type Page, type Response } from "@playwright/test";
import { expectNoAccessibilityViolations } from "../helpers/accessibility.ts";
import { createRegistrationLink } from "../helpers/dashboard-cli.ts";
import { markAsAccountFromBefore } from "../helpers/account-from-before.ts";
import { embeddedDashboard } from "../helpers/product.ts";
import { fillRegistrationForm } from "../helpers/registration-form.ts";
import { expectPageTitle, mainNavigation } from "../helpers/shell.ts";

// The dashboard shell a signed-in person works in: routes, navigation, status bar, update modal.
// Named to run after sign-in.spec.ts, whose first test needs an installation without accounts.
test.describe.configure({ mode: "serial" });

const person = {
  fullname: "Katherine Johnson",
  email: `katherine-${Date.now()}@example.com`,
  password: "orbital mechanics 1962",
};

let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext({
    baseURL: embeddedDashboard.url,
    viewport: { width: 1280, height: 800 },
  });
  page = await context.newPage();
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto(await createRegistrationLink(embeddedDashboard.dataDir, person.email));
  await fillRegistrationForm(page, { fullname: person.fullname, password: person.password });
  await expect(mainNavigation(page)).toBeVisible();
  // A new account on a 1280 px window is greeted by the tour's panel: closed, as a user would.
  const tour = page.getByRole("complementary", { name: "Get started" });
  await tour.getByRole("button", { name: "Close" }).click();
  await expect(tour).toHaveCount(0);
});

test.afterAll(async () => {
  await context.close();
});

test.afterEach(() => {
  expect(pageErrors).toEqual([]);
});

test("the update modal shows once to an account from before streamable instances, not again after a reload", async () => {
  // A new account never sees it (the tour greets it instead); one from before does.
  const modal = page.getByRole("dialog", { name: "Important update: Streamable instances" });
  await expect(modal).toHaveCount(0);
  markAsAccountFromBefore(embeddedDashboard.dataDir, person.email);
  await page.reload();
  await expect(modal).toBeVisible();
  await expect(modal).toContainText("Enable streaming");
  await expectNoAccessibilityViolations(page);
  await modal.getByRole("button", { name: "Got it" }).click();
  await expect(modal).toHaveCount(0);

  await page.reload();
  await expectPageTitle(page, "Instances");
  await expect(modal).toHaveCount(0);
});

test("the root lands on the instances, with the navigation the cluster allows", async () => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/instances$/);
  const info = (await (await page.request.get("/api/info")).json()) as {
    registry_enabled: boolean;
    config_enabled: boolean;
  };
  const nav = mainNavigation(page);
  const expected = [
    "Instances",
    "Applications",
    "Images",
    "Nodes",
    ...(info.registry_enabled ? ["Registry"] : []),
    ...(info.config_enabled ? ["Configuration"] : []),
    "Operations",
    "Documentation",
    "Discussion",
    "Report a bug",
    person.fullname,
    "Log out",
  ];
  for (const name of expected) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeAttached();
  }
  await expect(nav.getByRole("link", { name: "Instances" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(nav.getByRole("button", { name: "Get started" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Log out" })).toHaveAttribute("href", "/logout");
  await expect(page.getByRole("contentinfo", { name: "Status bar" })).toContainText("Version");
});

test("every route of the dashboard loads its page", async () => {
  const routes: [string, string | RegExp][] = [
    ["/instances", "Instances"],
    ["/instances/new", "Create instance"],
    // No such instance: the page says so (rather than a title made of the id).
    ["/instances/default/abc", "Instance not found"],
    ["/instances/default/abc/logs", "Instance not found"],
    ["/applications", "Applications"],
    ["/applications/add", "Add application"],
    // No such application: the page says so (rather than a title made of the id).
    ["/applications/default/app1", "Application not found"],
    ["/applications/default/app1/versions", "Application not found"],
    // Its edit page too: "Edit application" shows only while the application is being read.
    ["/applications/edit/default/app1", "Application not found"],
    ["/images", "Images"],
    // No such image: the page says so (rather than a title made of the id).
    ["/images/default/img1", "Image not found"],
    ["/images/default/img1/versions", "Image not found"],
    ["/sessions/s1", "Session s1"],
    ["/nodes", "Nodes"],
    ["/registry", "Registry"],
    ["/config", "Configuration"],
    ["/config/default", "Configuration"],
    ["/operations", /Operations/],
    ["/profile", "Profile"],
  ];
  for (const [path, title] of routes) {
    await page.goto(path);
    await expectPageTitle(page, title);
    await expect(mainNavigation(page)).toBeVisible();
  }
  await page.goto("/sessions/s1");
  await expect(mainNavigation(page).getByRole("link", { name: "Instances" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("the VDI view and a shared stream open without the navigation and the status bar", async () => {
  for (const [path, title] of [
    ["/vdi", "Virtual desktops"],
    ["/vdi/s1", "Virtual desktop"],
    ["/stream/some-token", "This stream is not available"],
  ] as const) {
    await page.goto(path);
    await expectPageTitle(page, title);
    await expect(mainNavigation(page)).toHaveCount(0);
    await expect(page.getByRole("contentinfo", { name: "Status bar" })).toHaveCount(0);
  }
});

test("an unknown path shows the not-found page", async () => {
  await page.goto("/no/such/page");
  await expectPageTitle(page, "Page not found");
  await expect(mainNavigation(page)).toBeVisible();
});

test("the navigation collapses under 1681 and hides under 620 pixels", async () => {
  await page.goto("/instances");
  await page.setViewportSize({ width: 1800, height: 900 });
  const nav = mainNavigation(page);
  await expect.poll(async () => (await nav.boundingBox())?.width).toBeGreaterThan(200);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(async () => (await nav.boundingBox())?.width).toBeLessThan(100);

  await page.setViewportSize({ width: 600, height: 800 });
  await expect
    .poll(async () => {
      const box = await nav.boundingBox();
      return box ? box.x + box.width : 0;
    })
    .toBeLessThanOrEqual(0);
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  await expect.poll(async () => (await nav.boundingBox())?.x).toBe(0);
  await nav.getByRole("link", { name: "Images" }).click();
  await expectPageTitle(page, "Images");
  await page.setViewportSize({ width: 1280, height: 800 });
});

test("the shell passes an accessibility check, and looks like a Canonical dashboard", async () => {
  const testInfo = test.info();
  await page.goto("/instances");
  await expectPageTitle(page, "Instances");
  await expectNoAccessibilityViolations(page);
  await page.screenshot({ path: testInfo.outputPath("shell-1280.png") });
  await page.setViewportSize({ width: 600, height: 800 });
  await expectNoAccessibilityViolations(page);
  await page.screenshot({ path: testInfo.outputPath("shell-600.png") });
  await page.setViewportSize({ width: 1280, height: 800 });
});

test("the page's files, its icon and logo included, are the build's hashed files, cached for good", async () => {
  // Served as /favicon.svg (no-cache), the icon and the logo were asked for again on every page
  // load, and the icon at every change of address (each keystroke of a search).
  const notForGood: string[] = [];
  const onResponse = (response: Response) => {
    const url = new URL(response.url());
    if (url.origin !== new URL(embeddedDashboard.url).origin) return;
    if (url.pathname.startsWith("/api/") || response.request().resourceType() === "document") {
      return;
    }
    const caching = response.headers()["cache-control"] ?? "";
    if (!caching.includes("immutable")) notForGood.push(`${url.pathname}: ${caching}`);
  };
  page.on("response", onResponse);
  try {
    await page.goto("/instances");
    await expectPageTitle(page, "Instances");
    const logo = mainNavigation(page).locator("img").first();
    await expect(logo).toHaveAttribute("src", /^\/assets\/anbox-logo-[\w-]+\.svg$/);
    await expect(page.locator("link[rel=icon]")).toHaveAttribute(
      "href",
      (await logo.getAttribute("src")) ?? "",
    );
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete)).toBe(true);
    await mainNavigation(page).getByRole("link", { name: "Nodes" }).click();
    await expectPageTitle(page, "Nodes");
  } finally {
    page.off("response", onResponse);
  }
  expect(notForGood).toEqual([]);
});
