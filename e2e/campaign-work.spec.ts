import { expect, test, type Page } from "@playwright/test";
import { readCredentials } from "./credentials";

const { email: userEmail, projectName, engagement } = readCredentials();
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function screenshots(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function switchProject(page: Page, from: string, to: string) {
  await page.goto("/overview");
  await page.getByRole("button", { name: `Project: ${from}. Switch project` }).click();
  await page.getByRole("menuitem", { name: to }).click();
  await expect(page.getByRole("button", { name: `Project: ${to}. Switch project` })).toBeVisible();
}

test("a draft: the error banner clears once fixed, then preview, test send, duplicate and delete", async ({
  page,
}) => {
  const name = `Work ${unique()}`;
  await page.goto("/campaigns/new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Subject", { exact: true }).fill("");
  await page.getByRole("button", { name: "Save draft" }).click();
  const banner = page.getByText("Please correct the highlighted fields.");
  await expect(banner).toBeVisible();
  // Fixing the one highlighted field takes the banner away (issue 13 item 9).
  await page.getByLabel("Subject", { exact: true }).fill("Hello {{first_name}}");
  await expect(banner).toBeHidden();

  await page.getByRole("button", { name: "Add subject B" }).click();
  await page.getByRole("textbox", { name: "Subject B" }).fill("Big news inside");
  await page.getByRole("combobox", { name: "Template" }).click();
  await page.getByRole("option").first().click();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/campaigns\/cmp_/);
  await expect(page.getByText("All changes saved")).toBeVisible();
  const draftUrl = page.url();

  // Every variant, rendered as a recipient gets it.
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("dialog", { name: "Preview" });
  await expect(preview.locator('iframe[title="Variant A email"]')).toBeVisible();
  await preview.getByRole("tab", { name: "Variant B" }).click();
  await expect(preview.getByText("Big news inside")).toBeVisible();
  await expect(preview.locator('iframe[title="Variant B email"]')).toBeVisible();
  await preview.getByRole("button", { name: "Close" }).click();

  // A test to me: the signed-in user's address is filled in.
  await page.getByRole("button", { name: "Send test" }).click();
  const testDialog = page.getByRole("dialog", { name: "Send a test" });
  await expect(testDialog.getByLabel("Send to")).toHaveValue(userEmail);
  await testDialog.getByRole("radio", { name: "B" }).click();
  await testDialog.getByRole("button", { name: "Send test" }).click();
  await expect(page.getByText(`Test of “${name}” to ${userEmail}`, { exact: true })).toBeVisible();
  await expect(testDialog).toBeHidden();

  // Duplicate opens the copy; deleting the copy returns to the list, the original stays.
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Duplicate" }).click();
  await expect(page.getByRole("heading", { name: `Copy of ${name}` })).toBeVisible();
  expect(page.url()).not.toBe(draftUrl);
  await expect(page.getByRole("textbox", { name: "Subject B" })).toHaveValue("Big news inside");
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Delete draft" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Delete “Copy of ${name}”?` });
  await confirm.getByRole("button", { name: "Delete draft" }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: `Copy of ${name}` })).toHaveCount(0);
});

test("a sent campaign's report lists clicks per link and who opened and clicked", async ({
  page,
}) => {
  await switchProject(page, projectName, engagement.projectName);
  await screenshots(page, "overview-with-data");
  await page.goto(`/campaigns/${engagement.campaignId}`);
  const links = page.getByRole("table").filter({ hasText: "Clickers" });
  await expect(links.getByRole("row", { name: /engage\.test\/pricing/ })).toContainText("6");
  await expect(links.getByRole("row", { name: /engage\.test\/blog\/spring/ })).toContainText("3");
  const opened = page.getByRole("list", { name: "Who opened" });
  await expect(opened.getByRole("listitem")).toHaveCount(16);
  await page.getByRole("radio", { name: /Clicked/ }).click();
  const clicked = page.getByRole("list", { name: "Who clicked" });
  await expect(clicked.getByRole("listitem")).toHaveCount(6);
  await page.getByRole("radio", { name: /Opened/ }).click();
  await expect(opened.getByRole("listitem")).toHaveCount(16);
  await screenshots(page, "campaign-report");
  await opened.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/contacts\/ct_eng/);
  await switchProject(page, engagement.projectName, projectName);
});
