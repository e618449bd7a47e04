import { expect, test } from "@playwright/test";
import { expectNoAccessibilityViolations } from "../helpers/accessibility.ts";

test("the login page greets a new installation with the command that registers the first account", async ({
  page,
}) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Anbox Cloud Dashboard" })).toBeVisible();
  await expect(page.getByText("Access your dashboard to manage Anbox Cloud")).toBeVisible();
  await expect(
    page.getByText("DATA_DIR=.e2e-data bin/dashboard register", { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(/The command prints a URL/)).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test("the login page is styled by Vanilla with the self-hosted Ubuntu font, fetching nothing from elsewhere", async ({
  page,
  baseURL,
}) => {
  const foreignRequests: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(String(baseURL))) foreignRequests.push(request.url());
  });
  await page.goto("/login");
  const heading = page.getByRole("heading", { name: "Anbox Cloud Dashboard" });
  await expect(heading).toBeVisible();
  const fontFamily = await heading.evaluate((element) => getComputedStyle(element).fontFamily);
  expect(fontFamily.toLowerCase()).toContain("ubuntu");
  const loadedFamilies = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((face) => face.status === "loaded")
      .map((face) => face.family.replaceAll('"', "").toLowerCase());
  });
  expect(loadedFamilies).toContain("ubuntu");
  expect(foreignRequests).toEqual([]);
});
