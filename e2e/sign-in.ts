import { expect, type Browser } from "@playwright/test";

/**
 * A browser of its own, signed in through the login form (not the saved session every other spec
 * shares): for specs that end sessions.
 */
export async function signInFresh(
  browser: Browser,
  baseURL: string | undefined,
  login: { email: string; password: string },
) {
  const context = await browser.newContext({ baseURL, storageState: undefined });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill(login.email);
  await page.getByLabel("Password").fill(login.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  return { context, page };
}
