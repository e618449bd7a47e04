import { expect, type Locator, type Page } from "@playwright/test";
import { AxeBuilder } from "@axe-core/playwright";
import { expectNoContentSecurityPolicyViolations } from "./csp.ts";

/**
 * Fails the test with the list of violations axe finds on the page as it is now, of any impact:
 * WCAG 2.1 A/AA, and axe's best practices (content outside every landmark, a landmark twice,
 * headings out of order: moderate violations that the WCAG tags alone leave out); with `within`
 * (a CSS selector), only in that part of it: an open modal or panel.
 */
export async function expectNoAccessibilityViolations(
  page: Page,
  { within }: { within?: string } = {},
): Promise<void> {
  await expectNoContentSecurityPolicyViolations(page); // cheap, and every checked page is a real one
  let axe = new AxeBuilder({ page }).withTags([
    "wcag2a",
    "wcag2aa",
    "wcag21a",
    "wcag21aa",
    "best-practice",
  ]);
  if (within !== undefined) axe = axe.include(within);
  const results = await axe.analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
  expect(violations).toEqual([]);
}

/** Whether the keyboard focus is on `locator`'s element. */
function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/**
 * Presses Tab, as a keyboard user would, until `target` has the focus; fails after `limit`
 * presses. Answers how many it took.
 */
export async function tabTo(page: Page, target: Locator, limit = 60): Promise<number> {
  for (let presses = 0; presses <= limit; presses++) {
    if (await isFocused(target)) return presses;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target.toString()} in ${String(limit)} presses`);
}

/** Whether the keyboard focus is inside `container` (or on it). */
export function focusIsInside(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}
