import { expect, test } from "@playwright/test";
import { readCredentials } from "./credentials";
import { signInFresh } from "./sign-in";

test("switching project shows only that project's data", async ({ page }) => {
  const { projectName, secondProjectName } = readCredentials();
  await page.goto("/contacts");
  await page.getByRole("button", { name: `Project: ${projectName}. Switch project` }).click();
  await page.getByRole("menuitem", { name: secondProjectName }).click();

  await expect(page).toHaveURL(/\/overview$/);
  await expect(
    page.getByRole("button", { name: `Project: ${secondProjectName}. Switch project` }),
  ).toBeVisible();
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Contacts" })
    .click();
  await expect(page.getByRole("heading", { name: "No contacts yet" })).toBeVisible();
});

// Its own account and browsers: signing out ends the session on the server, and the saved
// session the other specs share must not be the one that ends.
test("signing out ends the session: copied cookies no longer open the dashboard", async ({
  browser,
  baseURL,
}) => {
  const { sessionsEmail, password } = readCredentials();
  const { context, page } = await signInFresh(browser, baseURL, { email: sessionsEmail, password });
  const copied = await context.cookies();
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);

  const thief = await browser.newContext({
    baseURL,
    storageState: { cookies: copied, origins: [] },
  });
  const theirs = await thief.newPage();
  await theirs.goto("/settings/api-keys");
  await expect(theirs).toHaveURL(/\/login\?callbackUrl=%2Fsettings%2Fapi-keys$/);
  await expect(theirs.getByRole("button", { name: "Sign in" })).toBeVisible();
  await thief.close();
  await context.close();
});

test("sign out everywhere ends every session of the account", async ({ browser, baseURL }) => {
  const { sessionsEmail, password } = readCredentials();
  const login = { email: sessionsEmail, password };
  const laptop = await signInFresh(browser, baseURL, login);
  const phone = await signInFresh(browser, baseURL, login);

  await laptop.page.getByRole("button", { name: "Account menu" }).click();
  await laptop.page.getByRole("menuitem", { name: "Your account" }).click();
  await expect(laptop.page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  const sessions = laptop.page.getByRole("table");
  await expect(sessions.getByText("This browser")).toHaveCount(1);
  // The header row and at least both browsers (a failed earlier attempt may have left one more).
  expect(await sessions.getByRole("row").count()).toBeGreaterThanOrEqual(3);

  await laptop.page.getByRole("button", { name: "Sign out everywhere" }).click();
  await laptop.page
    .getByRole("alertdialog", { name: "Sign out everywhere?" })
    .getByRole("button", { name: "Sign out everywhere" })
    .click();
  await expect(laptop.page).toHaveURL(/\/login$/);

  await phone.page.goto("/settings/api-keys");
  await expect(phone.page).toHaveURL(/\/login\?callbackUrl=%2Fsettings%2Fapi-keys$/);
  await laptop.context.close();
  await phone.context.close();
});

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("an account without a project is told why it cannot sign in", async ({ page }) => {
    const { noProjectEmail, password } = readCredentials();
    await page.goto("/login");
    await page.getByLabel("Email").fill(noProjectEmail);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "not a member of any project" }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("empty fields are flagged next to each field", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Enter your email address.")).toBeVisible();
    await expect(page.getByText("Enter your password.")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  });
});
