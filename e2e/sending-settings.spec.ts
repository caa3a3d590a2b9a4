import { expect, test, type Page } from "@playwright/test";

/** DECISIONS §8 in the dashboard: per-domain tracking, the postal address, the email language. */

async function savePostalAddress(page: Page, address: string) {
  await page.goto("/settings/general");
  await page.getByRole("textbox", { name: "Address" }).fill(address);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved", { exact: true })).toBeVisible();
}

/** Opens the send confirmation of a fresh draft campaign. */
async function confirmationOfNewCampaign(page: Page) {
  await page.goto("/campaigns/new");
  await page.getByLabel("Name", { exact: true }).fill(`Footer check ${Date.now().toString(36)}`);
  await page.getByLabel("Subject", { exact: true }).fill("Footer check");
  await page.getByRole("combobox", { name: "Template" }).click();
  await page.getByRole("option").first().click();
  await page.getByRole("button", { name: "Send now…" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Send this campaign now?" });
  await expect(confirm).toBeVisible();
  return confirm;
}

test("the send confirmation warns while the project has no postal address", async ({ page }) => {
  await savePostalAddress(page, "");
  const before = await confirmationOfNewCampaign(page);
  await expect(before.getByText("No postal address in the footer")).toBeVisible();
  await expect(before.getByRole("link", { name: /Add it in Settings → General/ })).toHaveAttribute(
    "href",
    "/settings/general",
  );
  await before.getByRole("button", { name: "Keep editing" }).click();

  const address = "Acme Inc.\n1 Main Street\nSpringfield, IL 62701";
  await savePostalAddress(page, `  ${address}  `);
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Address" })).toHaveValue(address);

  const after = await confirmationOfNewCampaign(page);
  await expect(after.getByText("No postal address in the footer")).toHaveCount(0);
});

test("Settings → Domains: click tracking switched off is saved and shown", async ({ page }) => {
  await page.goto("/settings/domains");
  const row = page.getByRole("row").filter({ hasText: "mail.test" });
  await expect(row).toContainText("Opens and clicks");
  await row.getByRole("link", { name: "mail.test" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "mail.test" })).toBeVisible();

  const clicks = page.getByRole("switch", { name: "Click tracking" });
  await expect(clicks).toBeChecked();
  await expect(page.getByRole("switch", { name: "Open tracking" })).toBeChecked();
  await clicks.click();
  await expect(page.getByText("Click tracking off", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Click tracking" })).not.toBeChecked();
  await page.goto("/settings/domains");
  await expect(page.getByRole("row").filter({ hasText: "mail.test" })).toContainText("Opens only");

  // Back to the default, for the specs that send from mail.test.
  await page.getByRole("row").filter({ hasText: "mail.test" }).getByRole("link").click();
  await page.getByRole("switch", { name: "Click tracking" }).click();
  await expect(page.getByText("Click tracking on", { exact: true })).toBeVisible();
});

test("Settings → General: the email language is saved", async ({ page }) => {
  await page.goto("/settings/general");
  const language = page.getByRole("combobox", { name: "Email language" });
  await expect(language).toHaveValue("en");
  await language.selectOption("de");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Email language" })).toHaveValue("de");
  await page.getByRole("combobox", { name: "Email language" }).selectOption("en");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved", { exact: true })).toBeVisible();
});
