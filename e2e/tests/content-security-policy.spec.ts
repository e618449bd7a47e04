import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import {
  contentSecurityPolicyProblems,
  expectNoContentSecurityPolicyViolations,
} from "../helpers/csp.ts";

// The dashboard's pages under their Content Security Policy in the real browser: what they need
// loads (the other specs check that on their pages too), what an attacker would inject does not
// run, and no other site can show them in a frame.

test("the login page loads under its policy; an injected inline script does not run, and is reported", async ({
  page,
}) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Anbox Cloud Dashboard" })).toBeVisible();
  await expectNoContentSecurityPolicyViolations(page);

  const ran = await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "document.body.dataset.injected = 'ran'";
    document.body.append(script);
    return document.body.dataset.injected === "ran";
  });
  expect(ran).toBe(false);
  await expect
    .poll(() => contentSecurityPolicyProblems(page))
    .toEqual([expect.stringMatching(/inline script .*script-src 'self'/)]);
});

test("another site cannot show the dashboard in a frame", async ({ page, baseURL }) => {
  // Another site on this machine (Chromium keeps public sites from framing loopback addresses
  // at all, which would prove nothing about the dashboard's own policy).
  const embedder = createServer((_request, response) => {
    response.setHeader("content-type", "text/html");
    response.end(
      `<!doctype html><title>Embedder</title><iframe title="Dashboard" src="${String(baseURL)}/login"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => embedder.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = embedder.address() as AddressInfo;
    await page.goto(`http://localhost:${String(port)}/`);
    await expect
      .poll(() => contentSecurityPolicyProblems(page))
      .toEqual([expect.stringMatching(/^Framing .* violates .* "frame-ancestors 'none'"/)]);
    await expect(
      page.frameLocator("iframe").getByRole("heading", { name: "Anbox Cloud Dashboard" }),
    ).toHaveCount(0);
  } finally {
    embedder.close();
  }
});
