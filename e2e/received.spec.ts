import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { readCredentials } from "./credentials";
import { switchProject } from "./switch-project";

/**
 * Received email (DECISIONS §16): the empty inbox and the receiving switch with its MX record,
 * then an inbox with a reply to a sent email, its HTML in the sandboxed preview, its attachment
 * downloaded through the dashboard, and the links between the reply and the email it answers.
 */
const { projectName, received } = readCredentials();
const { quiet, desk } = received;

/** Full-page screenshots at a desktop's and a phone's width, to look at. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-1440.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("an empty inbox, and turning receiving on shows the MX record to add", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await switchProject(page, projectName, quiet.projectName);
  try {
    await page.getByRole("link", { name: "Received", exact: true }).click();
    await expect(page.getByRole("heading", { name: "No email received yet" })).toBeVisible();
    await shoot(page, "received-empty");

    await page.getByRole("link", { name: "Set up receiving in Settings → Domains" }).click();
    await page.getByRole("link", { name: quiet.domain }).click();
    const toggle = page.getByRole("switch", { name: "Receive email at this domain" });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect(
      page.getByText(/^Add this MX record at the DNS provider of quiet\.test/),
    ).toBeVisible();
    await expect(page.getByText("Inbound MX").first()).toBeVisible();
    await shoot(page, "received-domain-switch");

    // Saved: the switch is still on after a reload, and the inbox now names the domain.
    await page.reload();
    await expect(page.getByRole("switch", { name: "Receive email at this domain" })).toBeChecked();
    await page.goto("/received");
    await expect(page.getByText(`Mail to any address at ${quiet.domain}`)).toBeVisible();
  } finally {
    await switchProject(page, quiet.projectName, projectName);
  }
});

test("an inbox: a reply with its HTML, attachment and the email it answers", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await switchProject(page, projectName, desk.projectName);
  try {
    await page.getByRole("link", { name: "Received", exact: true }).click();
    const table = page.getByRole("table");
    await expect(table.getByRole("row")).toHaveCount(5);
    await expect(table.getByRole("link", { name: "Grace Hopper" })).toBeVisible();
    await expect(table.getByText("Reply", { exact: true })).toBeVisible();
    await shoot(page, "received-list");

    await table.getByRole("link", { name: "Grace Hopper" }).click();
    await expect(
      page.getByRole("heading", { name: "Re: Your order #1042 has shipped" }),
    ).toBeVisible();
    // The HTML renders in the sandboxed iframe the sent-email page uses.
    const preview = page.frameLocator('iframe[title="HTML preview"]');
    await expect(preview.getByText("one item is missing")).toBeVisible();
    await expect(page.locator('iframe[title="HTML preview"]')).toHaveAttribute("sandbox", "");
    await expect(page.getByText("receipt.pdf")).toBeVisible();
    await shoot(page, "received-message");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download receipt.pdf" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("receipt.pdf");
    const bytes = readFileSync(await download.path(), "utf8");
    expect(bytes).toBe(desk.receipt);

    await page.getByRole("link", { name: /Your order #1042 has shipped/ }).click();
    await expect(page).toHaveURL(new RegExp(`/emails/${desk.sentEmailId}$`));
    await expect(page.getByRole("heading", { name: "Replies" })).toBeVisible();
    await shoot(page, "sent-email-replies");
    await page.getByRole("link", { name: /Grace Hopper/ }).click();
    await expect(page).toHaveURL(/\/received\/re_/);
  } finally {
    await switchProject(page, desk.projectName, projectName);
  }
});
