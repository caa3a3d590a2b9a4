import { expect, test } from "@playwright/test";
import { readCredentials } from "./credentials";

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

test("signing out ends the session", async ({ page }) => {
  await page.goto("/overview");
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/settings/api-keys");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fsettings%2Fapi-keys$/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
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
