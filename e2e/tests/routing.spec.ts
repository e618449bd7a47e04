import { expect, test } from "@playwright/test";

test("a deep link to a client route loads the app, which sends a signed-out user to the login page", async ({
  page,
}) => {
  const response = await page.goto("/instances/default/some-instance/logs");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Anbox Cloud Dashboard" })).toBeVisible();
});

test("an unknown API path answers a JSON 404, not the app", async ({ request }) => {
  const response = await request.get("/api/no-such-endpoint");
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ status: 404 });
});
