import { expect, test, type APIRequestContext } from "@playwright/test";
import { createLiveKey } from "./api-key";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function addContact(
  request: APIRequestContext,
  key: string,
  contact: { email: string; subscribed?: boolean; data: Record<string, unknown> },
) {
  const response = await request.post("/api/v1/contacts", {
    headers: { Authorization: `Bearer ${key}` },
    data: contact,
  });
  expect(response.status()).toBe(201);
}

test("a segment built in the builder is the audience of a campaign sent with a confirmation", async ({
  page,
  request,
}) => {
  const key = await createLiveKey(page, `E2E campaigns ${unique()}`);
  // Its own cohort, so contacts made by other specs never match this segment.
  const cohort = `spring-${unique()}`;
  await addContact(request, key, { email: `ada.${cohort}@example.com`, data: { cohort } });
  await addContact(request, key, { email: `grace.${cohort}@example.com`, data: { cohort } });
  await addContact(request, key, {
    email: `left.${cohort}@example.com`,
    subscribed: false,
    data: { cohort },
  });
  await addContact(request, key, { email: `other.${cohort}@example.com`, data: { cohort: "x" } });

  // The builder counts matching contacts as the rule is typed, before saving.
  const segmentName = `Cohort ${cohort}`;
  await page.goto("/segments/new");
  await page.getByLabel("Name").fill(segmentName);
  await page.getByRole("combobox", { name: "Rule 1 field" }).click();
  await page.getByRole("option", { name: "Custom field" }).click();
  await page.getByRole("textbox", { name: "Rule 1 custom field name" }).fill("cohort");
  const matching = page.getByRole("status").filter({ hasText: "Campaigns to this segment" });
  await expect(matching).toContainText("Rule 1 needs a value.");
  await page.getByRole("textbox", { name: "Rule 1 value" }).fill(cohort);
  await expect(matching).toContainText("3 contacts match");
  await expect(page.getByRole("link", { name: `left.${cohort}@example.com` })).toBeVisible();
  await page.getByRole("button", { name: "Create segment" }).click();
  await expect(page).toHaveURL(/\/segments\/seg_/);
  await expect(page.getByText("All changes saved")).toBeVisible();

  // A campaign to the segment: unsubscribed contacts are left out of the count.
  const campaignName = `Spring news ${unique()}`;
  await page.goto("/campaigns/new");
  await page.getByLabel("Name", { exact: true }).fill(campaignName);
  await page.getByLabel("Subject", { exact: true }).fill("Spring is here");
  await page.getByRole("combobox", { name: "Template" }).click();
  await page.getByRole("option").first().click();
  await page.getByRole("radio", { name: /A segment/ }).click();
  await page.getByRole("combobox", { name: "Segment" }).click();
  await page.getByRole("option", { name: segmentName }).click();
  await expect(page.getByText("2 recipients right now.")).toBeVisible();

  await page.getByRole("button", { name: "Send now…" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Send this campaign now?" });
  await expect(confirm).toContainText("will go to 2 contacts");
  await confirm.getByRole("button", { name: "Send to 2 contacts" }).click();

  // The same page turns into the campaign's progress, then its results, without a reload (the
  // marker set on the page would be gone after one).
  await expect(page).toHaveURL(/\/campaigns\/cmp_/);
  await expect(page.getByRole("heading", { level: 1, name: campaignName })).toBeVisible();
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  // The e2e server has no SMTP_URL or RESEND_API_KEY: every email stays queued, so the fan-out
  // finishing (status `sent`) must not read "Sent" but say why nothing is delivered.
  await expect(page.getByText("Waiting for delivery to be configured")).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTitle(/Waiting for delivery to be configured/)).toHaveText("Waiting");
  await expect(page.getByText("2 emails wait: no email provider is configured yet")).toBeVisible();
  // The KPI card (the engagement card further down is titled "Recipients" too).
  const recipients = page.getByText("Recipients", { exact: true }).first().locator("../..");
  await expect(recipients).toContainText("2");
  const reports = page.getByRole("progressbar", { name: "Delivery reports" });
  await expect(reports).toHaveAttribute("aria-valuemax", "2");
  await expect(reports).toHaveAttribute("aria-valuenow", "0");
  expect(await page.evaluate(() => "__sameDocument" in window)).toBe(true);
  await expect(page.getByTitle(/handed over for delivery/)).toHaveCount(0);
  await expect(page.getByText("Excluded", { exact: true }).locator("../..")).toContainText(
    "1 unsubscribed",
  );

  // Listed with its audience and status: the list's "Sent" is the fan-out (every recipient has an email).
  await page.getByRole("link", { name: "Campaigns" }).first().click();
  const row = page.getByRole("row").filter({ hasText: campaignName });
  await expect(row).toContainText("Sent");
});
