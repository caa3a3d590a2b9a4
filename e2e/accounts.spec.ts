import { expect, test, type Browser } from "@playwright/test";
import { readCredentials } from "./credentials";
import { signInFresh } from "./sign-in";

// Accounts (DECISIONS §12), each with accounts of its own (scripts/e2e-server.ts), in browsers
// of their own: the saved session the other specs share is never the one that changes.

/** A signed-out browser on the sign-in page. */
async function signedOut(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, storageState: undefined });
  const page = await context.newPage();
  await page.goto("/login");
  return { context, page };
}

test("first sign-in with the generated password: finish setting up, then the dashboard", async ({
  browser,
  baseURL,
}) => {
  const { firstSignInEmail, password } = readCredentials();
  const { context, page } = await signedOut(browser, baseURL);
  await page.getByLabel("Email").fill(firstSignInEmail);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole("heading", { level: 1, name: "Finish setting up" })).toBeVisible();
  // Nothing else opens until it is done.
  await page.goto("/settings/api-keys");
  await expect(page).toHaveURL(/\/welcome$/);

  const email = page.getByLabel("Email", { exact: true });
  await expect(email).toHaveValue(firstSignInEmail);
  await expect(page.getByLabel("Project name")).toHaveValue("");
  await email.fill("owner@northwind.example");
  await page.getByLabel("New password").fill("northwind rocks 2026");
  await page.getByLabel("Confirm password").fill("northwind rocks 2026");
  await page.getByRole("button", { name: "Finish setting up" }).click();
  await expect(page.getByText("Is required.")).toBeVisible();
  // What was typed stays (passwords excepted).
  await expect(email).toHaveValue("owner@northwind.example");

  await page.getByLabel("Project name").fill("Northwind Mail");
  await page.getByLabel("New password").fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Finish setting up" }).click();
  await expect(page.getByText("Is the generated password: choose your own.")).toBeVisible();

  await page.getByLabel("New password").fill("northwind rocks 2026");
  await page.getByLabel("Confirm password").fill("northwind rocks 2026");
  await page.getByRole("button", { name: "Finish setting up" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(
    page.getByRole("button", { name: "Project: Northwind Mail. Switch project" }),
  ).toBeVisible();
  await page.goto("/welcome");
  await expect(page).toHaveURL(/\/overview$/);
  await context.close();

  // The new email and password sign in; the generated password no longer does.
  await signInFresh(browser, baseURL, {
    email: "owner@northwind.example",
    password: "northwind rocks 2026",
  }).then(({ context: later }) => later.close());
});

test("change password: a wrong current one is refused inline; the other browser is signed out", async ({
  browser,
  baseURL,
}) => {
  const { accountEmail, password } = readCredentials();
  const login = { email: accountEmail, password };
  const laptop = await signInFresh(browser, baseURL, login);
  const phone = await signInFresh(browser, baseURL, login);
  const page = laptop.page;
  await page.goto("/settings/account");
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").fill("not my password");
  await form.getByLabel("New password", { exact: true }).fill("a much better password");
  await form.getByLabel("Confirm new password").fill("a much better password");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("Is not correct.")).toBeVisible();

  await form.getByLabel("Current password").fill(password);
  await form.getByLabel("New password", { exact: true }).fill("short");
  await form.getByLabel("Confirm new password").fill("short");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("Must be at least 8 characters.")).toBeVisible();

  await form.getByLabel("Current password").fill(password);
  await form.getByLabel("New password", { exact: true }).fill("a much better password");
  await form.getByLabel("Confirm new password").fill("a much better password");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(
    form.getByText(/^Password changed\. \d+ other browsers? (was|were) signed out\.$/),
  ).toBeVisible();
  // The fields are empty again, and this browser is still in.
  await expect(form.getByLabel("Current password")).toHaveValue("");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();

  await phone.page.goto("/settings/account");
  await expect(phone.page).toHaveURL(/\/login/);
  await phone.context.close();
  await laptop.context.close();
});

test("forgot password: from the sign-in page; without email delivery it names the CLI", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await signedOut(browser, baseURL);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
  await expect(page.getByText("This Mailwright instance can’t send email yet")).toBeVisible();
  const command = page.locator("pre");
  await expect(command).toContainText("npm run admin -- reset-password");
  await expect(command).toContainText("--email you@company.com");
  await expect(command).toContainText("--password");
  await page.getByRole("link", { name: "Back to sign in" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
});

test("a reset link sets a new password once, then signs in from the sign-in page", async ({
  browser,
  baseURL,
}) => {
  const { reset } = readCredentials();
  const { context, page } = await signedOut(browser, baseURL);
  await page.goto(`/reset-password/${"x".repeat(43)}`);
  await expect(page.getByRole("heading", { name: "This link can’t be used" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Get a new link" })).toHaveAttribute(
    "href",
    "/forgot-password",
  );

  await page.goto(`/reset-password/${reset.token}`);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expect(page.getByText(reset.email)).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("reset and ready");
  await page.getByLabel("Confirm new password").fill("reset and wrong");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Does not match the new password.")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("reset and ready");
  await page.getByLabel("Confirm new password").fill("reset and ready");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/login\?password=reset$/);
  await expect(page.getByText("Your password was changed")).toBeVisible();
  await page.getByLabel("Email").fill(reset.email);
  await page.getByLabel("Password").fill("reset and ready");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/overview$/);

  await page.goto(`/reset-password/${reset.token}`);
  await expect(page.getByRole("heading", { name: "This link can’t be used" })).toBeVisible();
  await context.close();
});
