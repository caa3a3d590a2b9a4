import { expect, test as setup } from "@playwright/test";
import { readCredentials } from "./credentials";

// Signs in once through the real form; the other tests reuse the saved session cookies.
setup("sign in", async ({ page }) => {
  const { email, password, projectName } = readCredentials();
  await page.goto("/overview");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Foverview$/);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  // Filtered: Next's route announcer is an (empty) alert too.
  await expect(
    page.getByRole("alert").filter({ hasText: "Incorrect email or password." }),
  ).toBeVisible();

  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(
    page.getByRole("button", { name: `Project: ${projectName}. Switch project` }),
  ).toBeVisible();

  await page.context().storageState({ path: "e2e/.auth/user.json" });
});
