import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "../helpers/cluster-test.ts";
import { expectNoAccessibilityViolations } from "../helpers/accessibility.ts";
import { apkBytes } from "../helpers/application-package.ts";
import { clusterRequest } from "../helpers/cluster-api.ts";
import { createRegistrationLink } from "../helpers/dashboard-cli.ts";
import { embeddedDashboard } from "../helpers/product.ts";
import { fillRegistrationForm } from "../helpers/registration-form.ts";
import { expectPageTitle, mainNavigation } from "../helpers/shell.ts";
import { expectFitsWindow } from "../helpers/fits-window.ts";

// The onboarding tour as a new user on a 1280-wide window, on the real embedded cloud: the panel
// opens by itself; chapter 1 adds an application with an APK and waits for it to be ready,
// chapter 2 makes a streamable instance of it and waits for it to run, chapter 3 opens its stream
// and sees frames, each step advanced only by the click it asks for. Then: Retake, a cancel by a
// click elsewhere, by the back button and by Escape, and an interruption (the tour's instance
// stopped by someone else) that the panel explains.

const applications: string[] = [];

test.afterEach(async () => {
  for (const id of applications.splice(0)) {
    const deleted = await clusterRequest("DELETE", `/1.0/applications/${id}`, { force: true });
    if (deleted.body.operation !== undefined) {
      await clusterRequest("GET", `${deleted.body.operation}/wait?timeout=60`);
    }
  }
});

function tourPanel(page: Page) {
  return page.getByRole("complementary", { name: "Get started" });
}

function stepCard(page: Page, title: string) {
  return page.getByRole("region", { name: `Tour step: ${title}`, exact: true });
}

/** Clicks a chapter's Start (or Continue) button in the panel. */
async function startChapter(page: Page, chapter: number): Promise<void> {
  await tourPanel(page)
    .getByRole("button", {
      name: new RegExp(`(Start|Continue|Repeat) chapter ${String(chapter)}$`),
    })
    .click();
  await expect(tourPanel(page)).toHaveCount(0);
}

/** The control a step asks the user to press: in view, focused, and not under the step's card. */
async function expectAskedFor(card: Locator, control: Locator): Promise<void> {
  await expect(control).toBeFocused();
  await expect(control).toBeInViewport();
  const [cardBox, controlBox] = await Promise.all([card.boundingBox(), control.boundingBox()]);
  if (!cardBox || !controlBox) throw new Error("the card or the control is not laid out");
  const apart =
    cardBox.x >= controlBox.x + controlBox.width ||
    controlBox.x >= cardBox.x + cardBox.width ||
    cardBox.y >= controlBox.y + controlBox.height ||
    controlBox.y >= cardBox.y + cardBox.height;
  expect(apart).toBe(true);
}

async function videoFrames(page: Page): Promise<number> {
  return page
    .getByLabel("Stream of the device")
    .evaluate(
      (element) => (element as HTMLVideoElement).getVideoPlaybackQuality().totalVideoFrames,
    );
}

test("a new user follows the tour's three chapters from an empty cloud to a stream", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = `tour-${String(Date.now())}@example.com`;
  await page.goto(await createRegistrationLink(embeddedDashboard.dataDir, email));
  await fillRegistrationForm(page, { fullname: "Tess Tour", password: "guided-tour-1234" });
  await expect(mainNavigation(page)).toBeVisible();

  // The panel greets the new user by itself; the update modal does not.
  await expect(tourPanel(page)).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(tourPanel(page).getByRole("button", { name: "Start chapter 1" })).toBeEnabled();
  await expectNoAccessibilityViolations(page, { within: "#tour-panel" });

  // Chapter 1: the applications list and its Add button.
  await startChapter(page, 1);
  await expectPageTitle(page, "Applications");
  const yourApplications = stepCard(page, "Your applications");
  await expect(yourApplications).toContainText("Chapter 1, step 1 of 4");
  const addLink = page.getByRole("link", { name: "Add application" });
  await expect(addLink).toBeFocused();
  await expectNoAccessibilityViolations(page);
  // The step adds nothing to the page's size: no scrollbar of the document, so no sideways scroll
  // of its width (the step's off-screen announcement once sat under the page, a pixel too low).
  await expectFitsWindow(page);
  await addLink.click();

  // The name and APK fields; the tour waits for Next while the user fills them in, and Next
  // waits for both.
  const essential = stepCard(page, "Essential information");
  await expect(essential).toBeVisible();
  await expect(essential.getByRole("button", { name: "Next" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  const name = `tour-app-${String(Date.now())}`;
  await page.getByRole("textbox", { name: /^\*? ?Name$/ }).fill(name);
  await page.getByLabel(/APK file/).setInputFiles({
    name: "game.apk",
    mimeType: "application/vnd.android.package-archive",
    buffer: apkBytes(0),
  });
  await expect(stepCard(page, "Essential information")).toBeVisible();
  await stepCard(page, "Essential information").getByRole("button", { name: "Next" }).click();

  // The advanced details, then the form's own submit moves on: the card brings the button it
  // asks for into view, gives it the focus and does not cover it.
  await expect(stepCard(page, "Advanced details")).toBeVisible();
  const addButton = page.getByRole("button", { name: "Add application" });
  await expectAskedFor(stepCard(page, "Advanced details"), addButton);
  await addButton.click();
  await expect(page).toHaveURL(/\/applications\/default\/[^/]+$/, { timeout: 30_000 });
  applications.push(page.url().split("/").at(-1) ?? "");
  const prepared = stepCard(page, "Your application is being prepared");
  await expect(prepared).toBeVisible();
  await expect(page.locator(".detail-page__title [data-status]")).toHaveAttribute(
    "data-status",
    "ready",
    { timeout: 60_000 },
  );
  await prepared.getByRole("button", { name: "Done" }).click();

  // The chapter is done: the panel comes back a second later, chapter 1 complete, 2 open.
  await expect(tourPanel(page)).toBeVisible();
  await expect(tourPanel(page).getByText("Complete")).toBeVisible();

  // Chapter 2: a streamable instance of the application.
  await startChapter(page, 2);
  await expectPageTitle(page, "Instances");
  // A reload midway shows the same step again.
  await expect(stepCard(page, "Instances")).toBeVisible();
  await page.reload();
  await expect(stepCard(page, "Instances")).toBeVisible();
  // The highlighted one (the empty list has one more).
  const createLink = page.getByRole("link", { name: "Create instance" }).first();
  await expect(createLink).toBeFocused();
  await createLink.click();
  await expect(stepCard(page, "Source")).toBeVisible();
  // Each choice is waited for: Next says what is still to do until it is made.
  const sourceNext = stepCard(page, "Source").getByRole("button", { name: "Next" });
  await expect(sourceNext).toHaveAttribute("aria-disabled", "true");
  await page.getByRole("radio", { name: "Application" }).check();
  await page.getByRole("combobox", { name: "Application" }).selectOption({ label: name });
  await sourceNext.click();
  const capabilities = stepCard(page, "Capabilities");
  await expect(capabilities).toBeVisible();
  await page.getByText("The instance can be streamed to a browser", { exact: false }).click();
  await expect(capabilities.getByRole("button", { name: "Next" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await page.getByText("Enable streaming", { exact: true }).click();
  await expect(page.getByRole("checkbox", { name: "Enable streaming" })).toBeChecked();
  await capabilities.getByRole("button", { name: "Next" }).click();
  await expect(stepCard(page, "Other settings")).toBeVisible();
  await stepCard(page, "Other settings").getByRole("button", { name: "Next" }).click();
  await expect(stepCard(page, "Create your instance")).toBeVisible();
  const createAndStart = page.getByRole("button", { name: "Create and start" });
  await expectAskedFor(stepCard(page, "Create your instance"), createAndStart);
  await createAndStart.click();
  await expect(page).toHaveURL(/\/instances\/default\/[^/]+$/, { timeout: 30_000 });
  const instanceId = page.url().split("/").at(-1) ?? "";
  const starting = stepCard(page, "Your instance is starting");
  await expect(starting).toBeVisible();
  await expect(page.locator(".detail-page__title [data-status]")).toHaveAttribute(
    "data-status",
    "running",
    { timeout: 60_000 },
  );
  await starting.getByRole("button", { name: "Done" }).click();
  await expect(tourPanel(page)).toBeVisible();

  // Chapter 3: the Stream link, then the stream itself (a link that loads the page: the step
  // carries over).
  await startChapter(page, 3);
  await expect(stepCard(page, "Stream your instance")).toBeVisible();
  await page.getByRole("link", { name: /^Stream / }).click();
  const ready = stepCard(page, "Your stream is ready");
  await expect(ready).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => videoFrames(page), { timeout: 20_000 }).toBeGreaterThan(10);
  await expectNoAccessibilityViolations(page, { within: ".tour-step__card" });
  await ready.getByRole("button", { name: "Finish" }).click();
  await expect(tourPanel(page)).toBeVisible();
  await expect(tourPanel(page).getByText("Complete")).toHaveCount(3);

  // A reload keeps the progress (the server's): Retake goes back to the start.
  await page.reload();
  await page.getByRole("button", { name: "Get started" }).click();
  await expect(tourPanel(page).getByText("Complete")).toHaveCount(3);
  await tourPanel(page).getByRole("button", { name: "Retake tour" }).click();
  await expect(tourPanel(page).getByRole("button", { name: "Retake tour" })).toBeDisabled();

  // A click elsewhere ends the running step.
  await startChapter(page, 1);
  await expect(stepCard(page, "Your applications")).toBeVisible();
  await mainNavigation(page).getByRole("link", { name: "Nodes" }).click();
  await expectPageTitle(page, "Nodes");
  await expect(stepCard(page, "Your applications")).toHaveCount(0);

  // So does the back button.
  await page.getByRole("button", { name: "Get started" }).click();
  await startChapter(page, 1);
  await expect(stepCard(page, "Your applications")).toBeVisible();
  await page.goBack();
  await expect(stepCard(page, "Your applications")).toHaveCount(0);

  // And Escape, the focus back on the page.
  await page.getByRole("button", { name: "Get started" }).click();
  await startChapter(page, 1);
  await expect(stepCard(page, "Your applications")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(stepCard(page, "Your applications")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Applications" })).toBeFocused();

  // The tour's instance stopped from elsewhere: the tour stops and the panel says what to do.
  await page.getByRole("button", { name: "Get started" }).click();
  await startChapter(page, 3);
  await expect(stepCard(page, "Stream your instance")).toBeVisible();
  const stop = await clusterRequest("PATCH", `/1.0/instances/${instanceId}`, {
    desired_status: "stopped",
  });
  expect(stop.status).toBe(202);
  await expect(tourPanel(page)).toBeVisible({ timeout: 20_000 });
  await expect(stepCard(page, "Stream your instance")).toHaveCount(0);
  await expect(tourPanel(page).getByRole("alert")).toContainText("Your instance is stopped");
  await expectNoAccessibilityViolations(page, { within: "#tour-panel" });
});

test("a 1000-wide window does not open the tour by itself", async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  const email = `narrow-${String(Date.now())}@example.com`;
  await page.goto(await createRegistrationLink(embeddedDashboard.dataDir, email));
  await fillRegistrationForm(page, { fullname: "Nora Narrow", password: "guided-tour-1234" });
  await expectPageTitle(page, "Instances");
  await expect(tourPanel(page)).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
