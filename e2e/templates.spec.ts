import { expect, test, type Page } from "@playwright/test";

/** Copies the gallery's Welcome template and lands in the copy's editor. */
async function useWelcomeTemplate(page: Page) {
  await page.goto("/overview");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Templates" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Templates" })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Template sections" })
    .getByRole("link", { name: /Gallery/ })
    .click();
  await page.getByRole("button", { name: "Use the Welcome template" }).click();
  await expect(page).toHaveURL(/\/templates\/tpl_(?!system)[0-9a-z]+$/);
  await expect(page.getByRole("textbox", { name: "Template name" })).toHaveValue("Welcome");
}

test("a gallery template is copied, edited in the block editor, saved and sent as a test", async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const subject = `E2E welcome ${stamp}`;
  const line = `Hello from the e2e run ${stamp}.`;

  await useWelcomeTemplate(page);
  await page.getByRole("textbox", { name: "Template name" }).fill(`Welcome ${stamp}`);
  await page.getByRole("textbox", { name: "Subject" }).fill(subject);

  // Edit the first text block.
  await page.getByRole("button", { name: /^Text: Thanks for signing up/ }).click();
  const text = page.getByRole("textbox", { name: "Text", exact: true });
  await text.fill(`${line}\nYour account is **ready**.`);
  await expect(page.getByRole("status").filter({ hasText: "Unsaved changes" })).toBeVisible();

  // The preview is re-rendered on the server from the unsaved draft.
  const preview = page.frameLocator('iframe[title="Email preview"]');
  await expect(preview.getByText(line)).toBeVisible();
  await expect(preview.locator("strong", { hasText: "ready" })).toBeVisible();
  await expect(page.getByTestId("preview-subject")).toHaveText(subject);

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();

  // The saved version is what the editor shows after a reload.
  await page.reload();
  await page.getByRole("button", { name: /^Text: Hello from the e2e run/ }).click();
  await expect(page.getByRole("textbox", { name: "Text", exact: true })).toHaveValue(
    `${line}\nYour account is **ready**.`,
  );

  await page.getByRole("button", { name: "Send test" }).click();
  const dialog = page.getByRole("dialog", { name: "Send a test email" });
  await expect(dialog.getByText("Acme Inc <hello@mail.test>")).toBeVisible();
  await dialog.getByRole("textbox", { name: "To", exact: true }).fill("qa@example.com");
  await dialog.getByRole("textbox", { name: "first_name", exact: true }).fill("Ada");
  await dialog.getByRole("button", { name: "Send test email" }).click();
  await expect(dialog).toBeHidden();
  // The e2e server has no SMTP_URL or RESEND_API_KEY: the email waits in the queue.
  await expect(
    page.getByText("Queued: delivery is not configured yet", { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByText(`Test of “Welcome ${stamp}” to qa@example.com`, { exact: true }),
  ).toBeVisible();

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Emails" })
    .click();
  const row = page.getByRole("row").filter({ hasText: subject });
  await expect(row).toContainText("qa@example.com");
  await expect(row).toContainText(/queued/i);
});

test("a bad button link is shown on its field and nothing is saved until it is fixed", async ({
  page,
}) => {
  await useWelcomeTemplate(page);
  await page.getByRole("button", { name: /^Button: Go to your dashboard/ }).click();
  const link = page.getByRole("textbox", { name: "Link", exact: true });
  await link.fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Save", exact: true }).click();

  await expect(page.getByText(/^Not saved: 1 thing needs fixing$/)).toBeVisible();
  await expect(link).toHaveAttribute("aria-invalid", "true");
  // Under the field, and in the summary, where it selects the block.
  await expect(
    page.getByText("Must be an http(s), mailto: or tel: URL, or a {{variable}}.", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /^Button link: Must be an http/ })).toBeVisible();
  await expect(page.getByText(/1 block is left out of the preview/)).toBeVisible();

  await link.fill("https://example.com/start");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
  await expect(link).not.toHaveAttribute("aria-invalid", "true");
});

test("a button's click tracking is switched off in the inspector, previewed and saved", async ({
  page,
}) => {
  await useWelcomeTemplate(page);
  await page.getByRole("button", { name: /^Button: Go to your dashboard/ }).click();
  const track = page.getByRole("switch", { name: "Track clicks" });
  await expect(track).toBeChecked();
  const preview = page.frameLocator('iframe[title="Email preview"]');
  const button = preview.getByRole("link", { name: "Go to your dashboard" });
  await expect(button).not.toHaveAttribute("data-mw-no-track");

  await track.click();
  await expect(track).not.toBeChecked();
  await expect(page.getByText(/never counted: right for sign-in/)).toBeVisible();
  await expect(button).toHaveAttribute("data-mw-no-track", "");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();

  await page.reload();
  await page.getByRole("button", { name: /^Button: Go to your dashboard/ }).click();
  await expect(page.getByRole("switch", { name: "Track clicks" })).not.toBeChecked();
});
