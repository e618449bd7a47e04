import type { Page } from "@playwright/test";

export interface NewAccount {
  fullname: string;
  /** Only for a link made without an address (the page asks for it then). */
  email?: string;
  password: string;
}

/** Fills the registration form of the page a registration link opened, and sends it. */
export async function fillRegistrationForm(page: Page, account: NewAccount): Promise<void> {
  await page.getByLabel("Full name").fill(account.fullname);
  if (account.email !== undefined) await page.getByLabel("E-mail address").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Confirm password").fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();
}
