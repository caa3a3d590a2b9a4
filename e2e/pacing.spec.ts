import { expect, test, type Page } from "@playwright/test";
import { readCredentials } from "./credentials";
import { switchProject } from "./switch-project";

/**
 * Pacing and warm-up in the dashboard (docs/decisions/0056), on the campaign and domain that
 * scripts/e2e-seed-pacing.ts left waiting: the report says what waits on whom and why; the
 * domain's warm-up shows today's allowance and can be switched off.
 */
const { projectName, pacing } = readCredentials();

async function screenshots(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page
      .getByText(/Warm up this domain|Some mail is waiting|Keep events/)
      .first()
      .scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("the campaign report names the mail waiting on a receiver and on warm-up, with why", async ({
  page,
}) => {
  await switchProject(page, projectName, pacing.projectName);
  await page.goto(`/campaigns/${pacing.campaignId}`);
  await expect(page.getByText("Some mail is waiting, on purpose")).toBeVisible();
  await expect(page.getByText("150 emails")).toBeVisible();
  await expect(page.getByText(/wait for google, which asked to slow down/)).toBeVisible();
  await expect(page.getByText(/421 4\.7\.0 \[TSS04\]/)).toBeVisible();
  await expect(page.getByText("30 emails")).toBeVisible();
  await expect(page.getByText(/tomorrow’s warm-up allowance/)).toBeVisible();
  await screenshots(page, "campaign-waiting");
});

test("a new domain's warm-up shows today's allowance and can be switched off", async ({ page }) => {
  await switchProject(page, projectName, pacing.projectName);
  await page.goto(`/settings/domains/${pacing.domainId}`);
  await expect(page.getByText("Today: day 1 of 15")).toBeVisible();
  await expect(page.getByText("400 of 1,000 campaign emails")).toBeVisible();
  await screenshots(page, "domain-warmup");
  const toggle = page.getByRole("switch", { name: "Warm up this domain" });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByText("Warm-up off").first()).toBeVisible();
  await expect(page.getByText("Today: day 1 of 15")).toBeHidden();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Warm up this domain" })).not.toBeChecked();
});

test("Settings → General keeps content and events for set days, refusing a value out of range", async ({
  page,
}) => {
  await switchProject(page, projectName, pacing.projectName);
  await page.goto("/settings/general");
  const content = page.getByLabel("Keep email content");
  const events = page.getByLabel("Keep events");
  await expect(content).toHaveValue("90");
  await expect(events).toHaveValue("400");
  await events.fill("10");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText(/at least 30 days/).first()).toBeVisible();
  await page.getByText("Keep events").scrollIntoViewIfNeeded();
  await screenshots(page, "retention-error");
  await events.fill("365");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved").first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Keep events")).toHaveValue("365");
});
