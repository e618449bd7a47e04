import { expect, type Page } from "@playwright/test";

/** The dashboard's side navigation (its links, the user, Log out). */
export function mainNavigation(page: Page) {
  return page.getByRole("navigation", { name: "Main navigation" });
}

/** Waits until the page shows its title (the level-1 heading), and no error fallback. */
export async function expectPageTitle(page: Page, title: string | RegExp): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Something has gone wrong.")).toHaveCount(0);
}
