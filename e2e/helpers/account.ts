import { expect, type Page } from "@playwright/test";
import { createRegistrationLink } from "./dashboard-cli.ts";
import { embeddedDashboard } from "./product.ts";
import { fillRegistrationForm } from "./registration-form.ts";
import { mainNavigation } from "./shell.ts";

/**
 * Registers a new account through a link of `bin/dashboard register` and lands signed in, with the
 * update modal (which greets every new account and hides the page from assistive technology) closed.
 */
export async function signUp(page: Page, fullname: string): Promise<void> {
  const email = `${fullname.split(" ")[0]?.toLowerCase() ?? "user"}-${String(Date.now())}@example.com`;
  await page.goto(await createRegistrationLink(embeddedDashboard.dataDir, email));
  await fillRegistrationForm(page, { fullname, password: "compiler-1952-cobol" });
  await expect(mainNavigation(page)).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Got it" }).click();
}
