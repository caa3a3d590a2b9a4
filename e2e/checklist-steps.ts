import { expect, type Page } from "@playwright/test";

/**
 * The overview checklist's steps as a newcomer does them in the dashboard, shared by the
 * first-send spec (a fresh project on the e2e server) and the fresh-instance spec (a server of
 * its own, first boot).
 */

/** Adds `domain` from the checklist's link and marks it verified after the warning. */
export async function addVerifiedDomain(page: Page, domain: string, adminEmail: string) {
  await page.getByRole("link", { name: "Add a domain" }).click();
  await page.getByRole("button", { name: "Add domain" }).first().click();
  await page.getByRole("dialog", { name: "Add domain" }).getByLabel("Domain").fill(domain);
  await page
    .getByRole("dialog", { name: "Add domain" })
    .getByRole("button", { name: "Add domain" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: domain })).toBeVisible();
  await page.getByRole("button", { name: "Mark as verified" }).click();
  const dialog = page.getByRole("alertdialog", { name: `Mark ${domain} as verified?` });
  await expect(dialog.getByText(/likely rejected or filed as spam/)).toBeVisible();
  await dialog.getByRole("button", { name: "Mark as verified" }).click();
  await expect(page.getByText(`Marked verified by ${adminEmail}`)).toBeVisible();
}

/** From the overview: the default sender, on a verified domain. */
export async function chooseSender(page: Page, sender: string) {
  await page.goto("/overview");
  await page.getByRole("link", { name: "Choose a sender" }).click();
  await page.getByLabel("Email", { exact: true }).fill(sender);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved").first()).toBeVisible();
}

/** From the overview: Settings → Delivery, a relay at a local SMTP server, tested and saved. */
export async function connectLocalRelay(page: Page, smtpUrl: string) {
  await page.goto("/overview");
  await page.getByRole("link", { name: "Connect delivery" }).click();
  await expect(page.getByText("Delivery is not connected")).toBeVisible();
  await page.getByRole("button", { name: "Add SMTP relay" }).first().click();
  const relay = page.getByRole("dialog", { name: "Add an SMTP relay" });
  await relay.getByLabel("Name", { exact: true }).fill("Local relay");
  await relay.getByLabel("Host").fill("127.0.0.1");
  await relay.getByRole("radio", { name: "None" }).click();
  await relay.getByLabel("Port").fill(new URL(smtpUrl).port);
  await relay.getByRole("button", { name: "Test connection" }).click();
  await expect(relay.getByText("Connection works")).toBeVisible();
  await relay.getByRole("button", { name: "Add relay" }).click();
  await expect(page.getByText("Delivery is connected")).toBeVisible();
  await expect(page.getByText("Local relay", { exact: true })).toBeVisible();
}

/** From the overview: the checklist's test send to `to`, which must reach the relay. */
export async function sendChecklistTestEmail(
  page: Page,
  to: string,
  received: () => { to: string[] }[],
) {
  await page.goto("/overview");
  await page.getByLabel("Send the test email to").fill(to);
  await page.getByRole("button", { name: "Send test email" }).click();
  await expect(page.getByText("Test email sent")).toBeVisible();
  await expect.poll(() => received().some((m) => m.to.includes(to))).toBe(true);
  await expect(async () => {
    await page.reload();
    await expect(
      page.getByRole("main").getByText("Every step is done: this project can send email."),
    ).toBeVisible({ timeout: 1_000 });
  }).toPass();
}
