import { expect, test, type Page } from "@playwright/test";
import { readCredentials } from "./credentials";
import { switchProject } from "./switch-project";

/**
 * The deliverability circuit breaker in the dashboard, on the campaign and the automation that
 * scripts/e2e-seed-breaker.ts tripped with recorded hard bounces: the banner says why, Resume
 * asks for confirmation and sends again; the thresholds are project settings.
 */
const { projectName, breaker } = readCredentials();

async function screenshots(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("a campaign the breaker paused says why, and Resume sends again after a confirmation", async ({
  page,
}) => {
  await switchProject(page, projectName, breaker.projectName);
  await page.goto("/campaigns");
  const row = page.getByRole("row", { name: /Spring sale/ });
  await expect(row.getByText("Paused")).toBeVisible();
  await row.getByRole("link", { name: "Spring sale" }).click();

  const banner = page.getByRole("region", { name: "Paused: too many hard bounces" });
  await expect(banner).toContainText(
    "Paused: 8 % of the last 250 emails hard-bounced (threshold 5 %).",
  );
  await screenshots(page, "campaign-paused");
  await banner.getByRole("button", { name: "Resume" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Resume this campaign?" });
  await expect(dialog).toContainText("damage your sending reputation");
  await expect(dialog).toContainText("the next 200 emails");
  await screenshots(page, "campaign-resume-dialog");
  // Changing one's mind leaves it paused.
  await dialog.getByRole("button", { name: "Stay paused" }).click();
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Resume" }).click();
  await dialog.getByRole("button", { name: "Resume sending" }).click();
  await expect(page.getByText("Campaign is sending again", { exact: true })).toBeVisible();
  await expect(banner).toBeHidden();
  // It goes on with the rest of its audience (300 contacts). The e2e server has no provider, so
  // its emails wait queued: the report says so rather than "Sent".
  await expect(page.getByText("Waiting for delivery to be configured")).toBeVisible();
});

test("an automation the breaker paused says why on its canvas, and Resume makes it live", async ({
  page,
}) => {
  await switchProject(page, projectName, breaker.projectName);
  await page.goto("/automations");
  await expect(page.getByRole("row", { name: /Welcome series/ }).getByText("Paused")).toBeVisible();
  await page.goto(`/automations/${breaker.automationId}`);
  const banner = page.getByRole("region", { name: "Paused: too many hard bounces" });
  await expect(banner).toContainText(
    "Paused: 6.8 % of the last 220 emails hard-bounced (threshold 5 %).",
  );
  await screenshots(page, "automation-paused");
  await banner.getByRole("button", { name: "Resume" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Resume this automation?" });
  await dialog.getByRole("button", { name: "Resume sending" }).click();
  await expect(page.getByText("Automation is live again", { exact: true })).toBeVisible();
  await expect(banner).toBeHidden();
  await expect(page.getByRole("button", { name: "Switch to draft" })).toBeVisible();
});

test("the breaker's thresholds are project settings, validated", async ({ page }) => {
  await switchProject(page, projectName, breaker.projectName);
  await page.goto("/settings/general");
  const bounce = page.getByLabel("Hard-bounce rate above");
  await expect(bounce).toHaveValue("5");
  await expect(page.getByLabel("Spam-complaint rate above")).toHaveValue("0.3");
  await expect(page.getByLabel("After at least")).toHaveValue("200");
  await page.getByRole("heading", { name: "Deliverability safeguard" }).scrollIntoViewIfNeeded();
  await screenshots(page, "settings-deliverability");
  await bounce.fill("0");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("must be more than 0 %")).toBeVisible();
  await bounce.fill("2.5");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved").first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Hard-bounce rate above")).toHaveValue("2.5");
});
