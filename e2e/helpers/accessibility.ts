import { expect, type Page } from "@playwright/test";
import { AxeBuilder } from "@axe-core/playwright";
import { expectNoContentSecurityPolicyViolations } from "./csp.ts";

/** Fails the test with the list of WCAG A/AA violations axe finds on the page as it is now. */
export async function expectNoAccessibilityViolations(page: Page): Promise<void> {
  await expectNoContentSecurityPolicyViolations(page); // cheap, and every checked page is a real one
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const violations = results.violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.length} element(s))`,
  );
  expect(violations).toEqual([]);
}
