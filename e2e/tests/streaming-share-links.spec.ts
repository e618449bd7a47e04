import { expect, test } from "../helpers/cluster-test.ts";
import { expectNoAccessibilityViolations, tabTo } from "../helpers/accessibility.ts";
import { expectNoContentSecurityPolicyViolations } from "../helpers/csp.ts";
import { expectPlaying, streamNewInstance } from "../helpers/stream-page.ts";

// Share links and several viewers of one stream (issue 39): a link plays signed out beside the
// signed-in viewer, who keeps control, hands it over and takes it back; a watch-only link's
// viewer is told it only watches and is never offered control; revoked links stop working.

test("a share link plays signed out, and stops working once revoked", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await streamNewInstance(page, "Grace Hopper");

  await page.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: "Share this stream" });
  await dialog.getByLabel("Description (optional)").fill("for the review");
  await dialog.getByRole("button", { name: "Create link" }).click();
  const link = dialog.getByRole("list", { name: "Share links" }).getByRole("link").first();
  await expect(link).toBeVisible();
  const url = (await link.getAttribute("href")) ?? "";
  expect(url).toMatch(/^\/stream\/[\w-]+$/);

  // Extended by an hour: its expiry moves on.
  const expiry = dialog.locator(".share-links__meta").first();
  const expiresBefore = (await expiry.textContent()) ?? "";
  await dialog.getByRole("button", { name: /^Extend .* by an hour$/ }).click();
  await expect(expiry).not.toHaveText(expiresBefore);

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(url);
  await expect(visitorPage.getByRole("navigation")).toHaveCount(0);
  await expectPlaying(visitorPage);
  await expectNoContentSecurityPolicyViolations(visitorPage);
  // The whole public page, landmarks included (axe's region rule).
  await expectNoAccessibilityViolations(visitorPage);

  // The visitor watches beside this page, which keeps control and hands it over; a signed-in
  // viewer takes it back.
  await expect(page.getByText("You have control; 1 other viewer watches.")).toBeVisible();
  await expect(
    visitorPage.getByText("You are watching: another viewer has control."),
  ).toBeVisible();
  await expect(visitorPage.getByRole("button", { name: "Take control" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Close" }).click();
  // From the keyboard: Tab to the button, Enter.
  await tabTo(page, page.getByRole("button", { name: "Hand over" }));
  await page.keyboard.press("Enter");
  await expect(visitorPage.getByText("You have control; 1 other viewer watches.")).toBeVisible();
  await expect(page.getByText("You are watching: another viewer has control.")).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: "Take control" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("You have control; 1 other viewer watches.")).toBeVisible();

  // A watch-only link: its viewer watches, is told so, and is never offered control.
  await page.getByRole("button", { name: "Share" }).click();
  await dialog.getByText("Watch only (no input, never in control)").click();
  await dialog.getByRole("button", { name: "Create link" }).click();
  const watchOnlyLink = dialog
    .getByRole("listitem")
    .filter({ hasText: "Watch only" })
    .getByRole("link");
  const watchOnlyUrl = (await watchOnlyLink.getAttribute("href")) ?? "";
  const watcher = await browser.newContext();
  const watcherPage = await watcher.newPage();
  await watcherPage.goto(watchOnlyUrl);
  await expectPlaying(watcherPage);
  await expect(watcherPage.getByText(/watch-only link: your input does not reach/)).toBeVisible();
  await expect(watcherPage.getByRole("button", { name: "Home" })).toBeDisabled();
  await expect(page.getByText("You have control; 2 other viewers watch.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Viewers" })).toContainText("(watch-only link)");
  await expect(
    page.getByRole("combobox", { name: "Hand control to" }).getByRole("option"),
  ).toHaveText(["Viewer 2 (share link)"]);
  await watcher.close();

  const revokeButtons = dialog.getByRole("button", { name: /^Revoke / });
  await revokeButtons.first().click();
  await expect(revokeButtons).toHaveCount(1);
  await revokeButtons.first().click();
  await expect(dialog.getByText("No links yet.")).toBeVisible();
  await visitorPage.reload();
  await expect(
    visitorPage.getByRole("heading", { name: "This stream is not available" }),
  ).toBeVisible();
  await expect(visitorPage.getByRole("alert")).toContainText(/revoked|does not exist/);
  await visitor.close();
});
