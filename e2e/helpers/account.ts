import { expect, type Page } from "@playwright/test";
import { createRegistrationLink } from "./dashboard-cli.ts";
import { currentDashboard } from "./product.ts";
import { fillRegistrationForm } from "./registration-form.ts";
import { mainNavigation } from "./shell.ts";

/**
 * Registers a new account through a link of `bin/dashboard register` and lands signed in, with the
 * onboarding tour's panel (which greets a new account on a window 1200 px wide or more, and keeps
 * the focus) closed.
 * `dataDir` names the dashboard (the running test's unless told); the account starts in `groups`
 * (admin unless told).
 */
export async function signUp(
  page: Page,
  fullname: string,
  dataDir: string = currentDashboard().dataDir,
  groups: readonly string[] = ["admin"],
  email = `${fullname.split(" ")[0]?.toLowerCase() ?? "user"}-${String(Date.now())}@example.com`,
): Promise<void> {
  await page.goto(await createRegistrationLink(dataDir, email, groups));
  await fillRegistrationForm(page, { fullname, password: "compiler-1952-cobol" });
  // The tour greets only who may take it (create an application): an admin here. Its panel
  // takes the focus and keeps the rest of the page from assistive technology while it is open:
  // it is closed first, then the navigation is there.
  if ((page.viewportSize()?.width ?? 0) >= 1200 && groups.includes("admin")) {
    const tour = page.getByRole("complementary", { name: "Get started" });
    await tour.getByRole("button", { name: "Close" }).click();
    await expect(tour).toHaveCount(0);
  }
  await expect(mainNavigation(page)).toBeVisible();
}
