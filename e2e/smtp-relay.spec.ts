import { expect, test, type Page } from "@playwright/test";
import nodemailer from "nodemailer";
import { createLiveKey } from "./api-key";
import { readCredentials } from "./credentials";

/**
 * The SMTP submission relay (DECISIONS §16) from a user's side: Settings shows what to paste
 * into an app, and a message an app submits with a key made there is in the Emails log.
 */
const { smtpPort } = readCredentials();

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test("Settings → Delivery shows the relay's settings, and mail submitted with a key made in Settings is in the log", async ({
  page,
}) => {
  await page.goto("/settings/delivery");
  const card = page.getByRole("heading", { name: "Send over SMTP" }).locator("xpath=../../..");
  await expect(card.getByText("localhost", { exact: true })).toBeVisible();
  await expect(card.getByText(String(smtpPort), { exact: true })).toBeVisible();
  await expect(card.getByText(/only apps on this server can log in/)).toBeVisible();
  await expect(card.getByRole("link", { name: "Sending access key" })).toHaveAttribute(
    "href",
    "/settings/api-keys",
  );
  await shoot(page, "delivery-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "delivery-390");
  await page.setViewportSize({ width: 1440, height: 900 });

  const key = await createLiveKey(page, "WordPress over SMTP");
  await expect(page.getByRole("heading", { name: "Send over SMTP" })).toBeVisible();

  const subject = `Order #${Date.now()} confirmed`;
  const mailer = nodemailer.createTransport({
    host: "127.0.0.1",
    port: smtpPort,
    secure: false,
    ignoreTLS: true,
    auth: { user: "wordpress", pass: key },
  });
  const info = await mailer.sendMail({
    from: "Shop <shop@mail.test>",
    to: "buyer@example.com",
    subject,
    html: "<p>Thank you for your order.</p>",
    attachments: [{ filename: "invoice.txt", content: "Invoice 42" }],
  });
  const [id] = /em_[0-9a-z]{26}/.exec(info.response) ?? [];
  expect(id, info.response).toBeDefined();

  await page.goto("/emails");
  await page
    .getByRole("row", { name: new RegExp(subject) })
    .getByRole("link")
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/emails/${id}`));
  await expect(page.getByText("buyer@example.com").first()).toBeVisible();
  await shoot(page, "submitted-email");
});
