import { expect, test } from "@playwright/test";
import { readCredentials } from "./credentials";

test.use({ storageState: { cookies: [], origins: [] } });

// Wrong passwords for one account: after a few, the form says to wait instead of checking more.
test("repeated failed sign-ins are told to wait", async ({ page }) => {
  const { throttledEmail, password } = readCredentials();
  await page.goto("/login");
  const alert = page.getByRole("alert").filter({ hasText: /./ });
  // The first delay is a second; the delays double, so a throttled answer comes within a few.
  let throttled = false;
  for (let attempt = 0; attempt < 12 && !throttled; attempt++) {
    await page.getByLabel("Email").fill(throttledEmail);
    await page.getByLabel("Password").fill(`wrong-${attempt}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(alert).toHaveText(/Incorrect email or password\.|Too many attempts/);
    throttled = /Too many attempts/.test((await alert.textContent()) ?? "");
    if (!throttled) await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  }
  expect(throttled).toBe(true);
  await expect(alert).toHaveText(/^Too many attempts\. Try again in \d+ seconds?\.$/);

  // Even the right password waits for the delay: no password is checked while throttled.
  await page.getByLabel("Email").fill(throttledEmail);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

// Auth.js's own endpoint redirects a throttled attempt to /login with `code=throttled`.
test("a throttled sign-in redirected by Auth.js is told to wait", async ({ page }) => {
  await page.goto("/login?error=CredentialsSignin&code=throttled");
  await expect(page.getByRole("alert").filter({ hasText: /./ })).toHaveText(
    "Too many attempts. Wait a few minutes, then try again.",
  );
  await page.goto("/login?code=anything-else");
  await expect(page.getByRole("alert").filter({ hasText: /./ })).toHaveCount(0);
});
