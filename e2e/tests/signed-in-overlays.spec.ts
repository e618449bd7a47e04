import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "../helpers/cluster-test.ts";
import { signUp } from "../helpers/account.ts";
import { expectNoAccessibilityViolations, focusIsInside, tabTo } from "../helpers/accessibility.ts";
import { clusterRequest, createInstanceThroughCluster } from "../helpers/cluster-api.ts";
import { createRegistrationLink } from "../helpers/dashboard-cli.ts";
import { markAsAccountFromBefore } from "../helpers/account-from-before.ts";
import { embeddedDashboard } from "../helpers/product.ts";
import { fillRegistrationForm } from "../helpers/registration-form.ts";
import { expectPageTitle, mainNavigation } from "../helpers/shell.ts";
import { expectFitsWindow } from "../helpers/fits-window.ts";

// Overlays as a keyboard-only user meets them: every modal, side panel and drawer is opened with
// the keyboard, checked by axe (WCAG 2.1 A and AA) while open, keeps Tab inside, closes with
// Escape and leaves the focus on what opened it. A new page's heading takes the focus; the terminal
// is left with the keys it names. The navigation's rows fit the window and line up.
// Named to run after sign-in.spec.ts, whose first test needs an installation without accounts.

/** The instances this file's tests made: deleted after each, so that the node has room left. */
const made: string[] = [];

test.afterEach(async () => {
  for (const id of made.splice(0)) {
    const deleted = await clusterRequest("DELETE", `/1.0/instances/${id}`, { force: true });
    if (deleted.body.operation !== undefined) {
      await clusterRequest("GET", `${deleted.body.operation}/wait?timeout=60`);
    }
  }
});

async function createRunningInstance(
  prefix: string,
  config: Record<string, unknown> = {},
): Promise<{ id: string; name: string }> {
  const name = `${prefix}-${String(Date.now())}`;
  const { id } = await createInstanceThroughCluster({ name, config });
  made.push(id);
  return { id, name };
}

/** Presses Tab `presses` times and fails as soon as the focus leaves `container`. */
async function expectTabStaysInside(page: Page, container: Locator, presses: number) {
  for (let press = 0; press < presses; press++) {
    await page.keyboard.press(press % 3 === 2 ? "Shift+Tab" : "Tab");
    expect(await focusIsInside(container), `after ${String(press + 1)} presses`).toBe(true);
  }
}

test("the tour panel that greets a new account closes with Escape, the page's heading then has the focus", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = `grace-${String(Date.now())}@example.com`;
  await page.goto(await createRegistrationLink(embeddedDashboard.dataDir, email));
  await fillRegistrationForm(page, { fullname: "Grace Hopper", password: "compiler-1952-cobol" });
  const tour = page.getByRole("complementary", { name: "Get started" });
  await expect(tour).toBeVisible();
  // A new account is greeted by the tour, not by a note about a change it never knew.
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(await focusIsInside(tour)).toBe(true);
  await expectNoAccessibilityViolations(page, { within: "#tour-panel" });
  await expectTabStaysInside(page, tour, 5);

  await page.keyboard.press("Escape");
  await expect(tour).toHaveCount(0);
  // Nothing opened it (it shows by itself): the focus goes to the page, not to the body.
  await expect(page.getByRole("heading", { level: 1, name: "Instances" })).toBeFocused();
});

test("an account from before streamable instances gets the update modal first, then the tour", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = `margaret-${String(Date.now())}@example.com`;
  await page.goto(await createRegistrationLink(embeddedDashboard.dataDir, email));
  await fillRegistrationForm(page, {
    fullname: "Margaret Hamilton",
    password: "apollo-guidance-11",
  });
  await expect(mainNavigation(page)).toBeVisible();
  const tour = page.getByRole("complementary", { name: "Get started" });
  await expect(tour).toBeVisible();
  await tour.getByRole("button", { name: "Close" }).click();
  markAsAccountFromBefore(embeddedDashboard.dataDir, email);
  // As one who never saw the tour either: the tour waits for the modal.
  await page.evaluate(async () => {
    await fetch("/api/onboarding-progress/not-started", { method: "PATCH" });
  });
  await page.reload();

  const modal = page.getByRole("dialog", { name: "Important update: Streamable instances" });
  await expect(modal).toBeVisible();
  await expect(tour).toHaveCount(0);
  expect(await focusIsInside(modal)).toBe(true);
  await expectNoAccessibilityViolations(page, { within: ".p-modal" });
  // The whole page too: the dialog adds no second footer landmark beside the status bar's.
  await expectNoAccessibilityViolations(page);
  await expectTabStaysInside(page, modal, 5);

  await page.keyboard.press("Escape");
  await expect(modal).toHaveCount(0);
  await expect(tour).toBeVisible();
  expect(await focusIsInside(tour)).toBe(true);
  await page.keyboard.press("Escape");
  await expect(tour).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Instances" })).toBeFocused();
});

test("the 375 px navigation drawer: opened from Menu, Tab stays in it, Escape gives the focus back", async ({
  page,
}) => {
  await signUp(page, "Barbara Liskov");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/instances");
  await expectPageTitle(page, "Instances");
  const menu = page.getByRole("button", { name: "Menu", exact: true });
  const nav = mainNavigation(page);

  await tabTo(page, menu);
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect.poll(async () => (await nav.boundingBox())?.x).toBe(0);
  expect(await focusIsInside(nav)).toBe(true);
  await expectNoAccessibilityViolations(page, { within: "#main-navigation" });
  await expectNavigationRowsFit(page);
  await page.screenshot({ path: test.info().outputPath("navigation-375-open.png") });
  await expectTabStaysInside(page, nav, 16);

  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeFocused();

  // Following a link closes the drawer, and the new page's heading takes the focus.
  await page.keyboard.press("Enter");
  await tabTo(page, nav.getByRole("link", { name: "Operations" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: /Operations/ })).toBeFocused();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
});

/** Every row of the navigation is inside the window, its bottom included. */
async function expectNavigationRowsFit(page: Page) {
  const rows = await mainNavigation(page)
    .locator(".p-side-navigation__link")
    .evaluateAll((links) =>
      links
        .filter((link) => link.getClientRects().length > 0)
        .map((link) => ({
          name: link.textContent.trim(),
          bottom: link.getBoundingClientRect().bottom,
        })),
    );
  const height = await page.evaluate(() => window.innerHeight);
  expect(rows.length).toBeGreaterThan(8);
  expect(rows.filter((row) => row.bottom > height)).toEqual([]);
}

test("the navigation's rows fit the window and their labels line up, at 1280×800 and 1366×768", async ({
  page,
}) => {
  await signUp(page, "Frances Allen");
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1366, height: 768 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto("/instances");
    await expectPageTitle(page, "Instances");
    await expectNavigationRowsFit(page);
    // The rail shows its labels when the pointer is over it.
    const nav = mainNavigation(page);
    await nav.hover();
    const labelStarts = await nav
      .locator(".p-side-navigation__link:visible .p-side-navigation__label")
      .evaluateAll((labels) => labels.map((label) => Math.round(label.getBoundingClientRect().x)));
    expect(new Set(labelStarts).size, `label starts: ${labelStarts.join(", ")}`).toBe(1);
    await page.screenshot({
      path: test.info().outputPath(`navigation-${String(viewport.width)}.png`),
    });
    await page.mouse.move(viewport.width - 10, viewport.height / 2);
  }
});

test("the tour panel: opened from Get started, checked, closed with Escape back to Get started", async ({
  page,
}) => {
  await signUp(page, "Adele Goldberg");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/instances");
  await expectPageTitle(page, "Instances");
  const getStarted = mainNavigation(page).getByRole("button", { name: "Get started" });
  await tabTo(page, getStarted);
  await page.keyboard.press("Enter");
  const panel = page.getByRole("complementary", { name: "Get started" });
  await expect(panel).toBeVisible();
  expect(await focusIsInside(panel)).toBe(true);
  await expectNoAccessibilityViolations(page, { within: "#tour-panel" });
  // Taller than the window, the panel scrolls by itself: the document does not.
  await expectFitsWindow(page);
  await expectTabStaysInside(page, panel, 3);

  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(getStarted).toBeFocused();
});

test("a new page's heading takes the focus: from 'Create instance' the Name field is a few Tabs away", async ({
  page,
}) => {
  await signUp(page, "Jean Sammet");
  await page.goto("/instances");
  await expectPageTitle(page, "Instances");
  // On the first load the focus is left alone: the skip link is the first Tab.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();

  await tabTo(page, page.getByRole("main").getByRole("link", { name: "Create instance" }).first());
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Create instance" })).toBeFocused();
  expect(await tabTo(page, page.getByLabel("Name", { exact: true }), 10)).toBeLessThanOrEqual(5);
});

test("the delete modal and the terminal: keyboard in, keyboard out, back where the user was", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page, "Dennis Ritchie");
  const { id, name } = await createRunningInstance("e2e-overlays");
  await page.goto(`/instances/default/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  const deleteButton = page.getByRole("main").getByRole("button", { name: "Delete" });
  await tabTo(page, deleteButton);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Delete ${name}?` });
  await expect(dialog).toBeVisible();
  expect(await focusIsInside(dialog)).toBe(true);
  await expectNoAccessibilityViolations(page, { within: ".p-modal" });
  await expectTabStaysInside(page, dialog, 4);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(deleteButton).toBeFocused();

  // Cancel, reached with Tab, gives the focus back too.
  await page.keyboard.press("Enter");
  await tabTo(page, dialog.getByRole("button", { name: "Cancel" }), 5);
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(deleteButton).toBeFocused();

  // The terminal takes every key but the pair it names beside it.
  const terminalTab = page.getByRole("tab", { name: "Terminal" });
  await tabTo(page, terminalTab);
  await page.keyboard.press("Enter");
  const terminal = page.getByRole("group", { name: "Terminal" });
  await expect(terminal.locator(".xterm-rows")).toContainText("#", { timeout: 15_000 });
  await expect(page.getByText("Press Esc then Tab to leave the terminal")).toBeVisible();
  await expect.poll(() => focusIsInside(terminal)).toBe(true);
  await page.keyboard.type("echo still-$((40+2))\n");
  await expect(terminal.locator(".xterm-rows")).toContainText("still-42");
  // Tab alone is the shell's (completion), and so is Escape alone (vi)...
  await page.keyboard.press("Tab");
  expect(await focusIsInside(terminal)).toBe(true);
  await page.keyboard.press("Escape");
  expect(await focusIsInside(terminal)).toBe(true);
  // ...but Tab right after Escape leaves, forward: nothing follows the terminal here (its shell is
  // no operation in progress for the status bar to link to), so round to the page's first stop;
  // Tab comes back in.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
  await tabTo(page, terminal.getByRole("textbox"));
  // Escape then Shift+Tab leaves backwards, to the tab that opened the terminal.
  await page.keyboard.press("Escape");
  await page.keyboard.press("Shift+Tab");
  await expect(terminalTab).toBeFocused();
});

test("the stream's statistics panel and share links: keyboard in, checked, Escape back to their buttons", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, "Radia Perlman");
  const { name } = await createRunningInstance("e2e-overlays-stream", {
    enable_streaming: true,
    display: { width: 720, height: 1280, fps: 30, density: 240 },
  });
  await page.goto("/instances");
  await page.getByRole("link", { name: `Stream ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Stream of ${name}` })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "The stream is playing." })).toBeVisible({
    timeout: 20_000,
  });

  const statistics = page.getByRole("button", { name: "Statistics" });
  await tabTo(page, statistics);
  await page.keyboard.press("Enter");
  const panel = page.getByRole("complementary", { name: "Statistics" });
  await expect(panel).toBeVisible();
  expect(await focusIsInside(panel)).toBe(true);
  await expectNoAccessibilityViolations(page, { within: ".stream-stats" });
  await expectTabStaysInside(page, panel, 3);
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(statistics).toBeFocused();

  const share = page.getByRole("button", { name: "Share" });
  await tabTo(page, share);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Share this stream" });
  await expect(dialog).toBeVisible();
  expect(await focusIsInside(dialog)).toBe(true);
  await expect(dialog.getByText(/No links yet|Share links/)).toBeVisible();
  await expectNoAccessibilityViolations(page, { within: ".p-modal" });
  await expectTabStaysInside(page, dialog, 6);
  // A link made from the keyboard: the focus stays on the button that made it, in the dialog.
  const createLink = dialog.getByRole("button", { name: "Create link" });
  await tabTo(page, createLink);
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("list", { name: "Share links" }).getByRole("listitem")).toHaveCount(
    1,
  );
  await expect(createLink).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(share).toBeFocused();

  // The developer tools' log lines wrap inside the panel rather than run past its edge.
  await page.getByRole("button", { name: "Developer tools" }).click();
  const tools = page.getByRole("complementary", { name: "Developer tools" });
  await tools.getByRole("tab", { name: "Logs" }).click();
  const log = tools.getByLabel("Log android.log");
  await expect(log).toContainText("stream client connected", { timeout: 10_000 });
  expect(await log.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
});
