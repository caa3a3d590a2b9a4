import { expect, test } from "@playwright/test";
import { createLiveKey } from "./api-key";
import { readCredentials } from "./credentials";

test("the events log shows events of unknown emails, filters by name, and opens a row's data", async ({
  page,
  request,
}) => {
  const key = await createLiveKey(page, `Events log ${Date.now()}`);
  const name = `checkout.started.${Date.now()}`;
  const stranger = `stranger.${Date.now()}@example.com`;
  for (const body of [
    { name, email: stranger, data: { cart: { items: 3, total: 42.5 } } },
    { name: "page.viewed" },
  ]) {
    const response = await request.post("/api/v1/events", {
      headers: { Authorization: `Bearer ${key}` },
      data: body,
    });
    expect(response.status()).toBe(201);
  }

  await page.goto("/overview");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Events" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
  const log = page.getByRole("list", { name: "Events" });
  await expect(log.getByText(stranger)).toBeVisible();
  await expect(log.getByText("Not a contact").first()).toBeVisible();

  await page.getByLabel("Event name").fill(name);
  await page.getByRole("button", { name: "Filter" }).click();
  // A plain GET form: the empty address field comes along and means "any".
  await expect(page).toHaveURL(new RegExp(`/events\\?name=${name.replace(/\./g, "\\.")}&email=$`));
  await expect(log.getByRole("listitem")).toHaveCount(1);
  await log.getByText(name).click();
  await expect(page.getByLabel("Event data")).toContainText('"total": 42.5');
});

test("detail pages of unknown ids answer 404 with a way back", async ({ page }) => {
  for (const path of [
    "/campaigns/cmp_unknown",
    "/contacts/ct_unknown",
    "/emails/em_unknown",
    "/segments/seg_unknown",
    "/templates/tpl_unknown",
    "/automations/aut_unknown",
    "/automations/aut_unknown/runs",
    "/automations/aut_unknown/runs/run_unknown",
    "/settings/domains/dom_unknown",
    "/settings/webhooks/wh_unknown",
    "/no-such-page",
  ]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(404);
  }

  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the overview" }).click();
  await expect(page).toHaveURL(/\/overview$/);
});

test("unsubscribing from an email's link, then resubscribing", async ({ page }) => {
  const { unsubscribe, projectName } = readCredentials();
  await page.goto(`/u/${unsubscribe.token}`);
  await expect(
    page.getByRole("heading", { name: `Unsubscribe from ${projectName}?` }),
  ).toBeVisible();
  await expect(page.getByText(unsubscribe.address)).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(
    page.getByRole("heading", { name: `You're unsubscribed from ${projectName}` }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Resubscribe" }).click();
  await expect(
    page.getByRole("heading", { name: `You're subscribed to ${projectName} again` }),
  ).toBeVisible();
});

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("sign-in returns to the page that was asked for, and only to this site", async ({
    page,
  }) => {
    const { email, password } = readCredentials();
    await page.goto("/emails?status=bounced");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Femails%3Fstatus%3Dbounced$/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/emails\?status=bounced$/);

    await page.context().clearCookies();
    await page.goto("/login?callbackUrl=https%3A%2F%2Fevil.example%2Fphish");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/localhost:\d+\/overview$/);
  });
});
