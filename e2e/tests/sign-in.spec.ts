import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { expectNoAccessibilityViolations } from "../helpers/accessibility.ts";
import { expectNoContentSecurityPolicyViolations } from "../helpers/csp.ts";
import { createRegistrationLink, runDashboardCli } from "../helpers/dashboard-cli.ts";
import { embeddedDashboard } from "../helpers/product.ts";
import { fillRegistrationForm } from "../helpers/registration-form.ts";

// The whole life of an account with the embedded identity provider, in order, against the product
// as `make start` runs it: the first account is registered through a link that `bin/dashboard
// register` prints, the person signs out and in again, a second person registers too.
test.describe.configure({ mode: "serial" });

const ada = {
  fullname: "Ada Lovelace",
  email: "ada@example.com",
  password: "analytical engine 1843",
};
const grace = {
  fullname: "Grace Hopper",
  email: "grace@example.com",
  password: "compiler A-0 of 1952",
};
let adaLink = "";

// One browser for the whole story, so that the session made by registering is the one the
// following steps use (and end).
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext({ baseURL: embeddedDashboard.url });
  page = await context.newPage();
});

test.afterAll(async () => {
  await context.close();
});

async function sessionCookie(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === "dashboard_session")?.value ?? "";
}

test("a new installation's login page shows the command that registers the first account", async () => {
  await page.goto("/login");
  await expect(
    page.getByText("DATA_DIR=.e2e-data bin/dashboard register", { exact: true }),
  ).toBeVisible();
});

test("the first person registers through the printed link and lands signed in", async () => {
  adaLink = await createRegistrationLink(embeddedDashboard.dataDir);
  expect(adaLink).toMatch(new RegExp(`^${embeddedDashboard.url}/register\\?token=[\\w-]+$`));

  await page.goto(adaLink);
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expect(page.getByLabel("E-mail address")).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Inline checks first: nothing is sent while the form is wrong.
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Enter your full name.")).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await fillRegistrationForm(page, ada);
  // The dashboard's root sends a signed-in user to the instances.
  await expect(page).toHaveURL(`${embeddedDashboard.url}/instances`);
  await expect(page.getByRole("link", { name: ada.fullname })).toBeVisible();

  const cookie = (await page.context().cookies()).find((c) => c.name === "dashboard_session");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

  const info = await page.request.get("/api/info");
  expect(info.status()).toBe(200);
  expect(await info.json()).toMatchObject({ user: { fullname: ada.fullname } });
});

test("the profile page shows the account and this session", async () => {
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
  await expect(page.getByText(ada.email)).toBeVisible();
  await expect(page.getByRole("table", { name: "Active sessions" })).toContainText("This session");
  await expectNoAccessibilityViolations(page);
});

test("a cross-site request is refused even with the session cookie", async () => {
  const response = await page.request.delete("/api/profile/sessions", {
    headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
  });
  expect(response.status()).toBe(403);
});

test("logging out ends the session: its old cookie no longer opens anything", async ({
  playwright,
}) => {
  const oldCookie = await sessionCookie(page);
  expect(oldCookie).not.toBe("");
  await page.goto("/logout");
  await expect(page).toHaveURL(/\/login/);
  expect(await sessionCookie(page)).toBe("");

  const replay = await playwright.request.newContext({
    baseURL: embeddedDashboard.url,
    extraHTTPHeaders: { cookie: `dashboard_session=${oldCookie}` },
  });
  try {
    expect((await replay.get("/api/info")).status()).toBe(401);
  } finally {
    await replay.dispose();
  }
});

test("the used link now says so", async () => {
  await page.goto(adaLink);
  await expect(page.getByText("This registration link has already been used.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the login page" })).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test("a second person registers with a link made for their address", async () => {
  const link = await createRegistrationLink(embeddedDashboard.dataDir, grace.email);
  await page.goto(link);
  await expect(page.getByText(grace.email)).toBeVisible();
  await expect(page.getByLabel("E-mail address")).toHaveCount(0);
  await fillRegistrationForm(page, { fullname: grace.fullname, password: grace.password });
  await expect(page.getByRole("link", { name: grace.fullname })).toBeVisible();
});

test("disabling an account ends its session with an access-denied page; enabling lets it back", async () => {
  await runDashboardCli(["disable-user", grace.email], embeddedDashboard.dataDir);
  await page.goto("/");
  await expect(page).toHaveURL(`${embeddedDashboard.url}/forbidden`);
  await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Log out" })).toHaveAttribute("href", "/logout");
  await expectNoAccessibilityViolations(page);
  await runDashboardCli(["enable-user", grace.email], embeddedDashboard.dataDir);
});

test("once accounts exist, the login page signs in with the embedded provider and the password", async () => {
  await page.goto("/logout");
  await page.goto("/login");
  await page.getByRole("link", { name: "Login with Ubuntu One" }).click();
  // The provider's page looks like the dashboard: its font, its logo, its card.
  const heading = page.getByRole("heading", { name: "Sign in to Anbox Cloud" });
  await expect(heading).toBeVisible();
  expect(await heading.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(
    /^ubuntu,/i,
  );
  const logo = page.locator(".public-card__brand img");
  // Loaded (an image the policy refused, or a wrong address, has no natural width).
  await expect
    .poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await expectNoAccessibilityViolations(page);
  await page.getByLabel("E-mail address").fill(ada.email);
  await page.getByLabel("Password").fill(ada.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The dashboard's root sends a signed-in user to the instances.
  await expect(page).toHaveURL(`${embeddedDashboard.url}/instances`);
  await expect(page.getByRole("link", { name: ada.fullname })).toBeVisible();
  // The whole story in this page: registration, logout, the provider's sign-in page.
  await expectNoContentSecurityPolicyViolations(page);

  // Signed in, the login page has nothing to offer: it goes where next says.
  await page.goto("/login?next=%2Fprofile");
  await expect(page).toHaveURL(`${embeddedDashboard.url}/profile`);
  await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
});
