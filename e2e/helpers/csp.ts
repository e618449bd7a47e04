import { expect, type Page } from "@playwright/test";

/**
 * What Chromium writes on the page's console when its Content Security Policy blocks something
 * ("… violates the following Content Security Policy directive …") or cannot be read as written
 * ("The Content-Security-Policy directive …"), and when the Permissions-Policy header names a
 * feature it does not know: each is a page that does not work as its policies mean.
 */
const policyProblem = /Content[- ]Security[- ]Policy|Permissions-Policy/i;

/** The policy problems Chromium reported on the page's console since it opened, every navigation included. */
export async function contentSecurityPolicyProblems(page: Page): Promise<string[]> {
  const messages = await page.consoleMessages({ filter: "all" });
  return messages
    .filter((message) => message.type() === "error" || message.type() === "warning")
    .map((message) => message.text())
    .filter((text) => policyProblem.test(text));
}

/**
 * Fails the test with every Content Security Policy violation (or policy error) the page has
 * raised so far: a script, style, font, image or connection the dashboard's own pages need but
 * their policy blocks.
 */
export async function expectNoContentSecurityPolicyViolations(page: Page): Promise<void> {
  expect(await contentSecurityPolicyProblems(page)).toEqual([]);
}
