import { expect, test } from "@playwright/test";

// Operational screens: suppressions, domains, webhooks and the emails log. Each test makes its
// own uniquely named data, so the tests do not depend on each other or on run order.
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

test("a suppression added in the dashboard is listed, then removed", async ({ page }) => {
  const email = `e2e-suppressed-${unique()}@example.com`;
  await page.goto("/suppressions");
  await expect(page.getByRole("heading", { level: 1, name: "Suppressions" })).toBeVisible();

  await page
    .getByRole("button", { name: /^Add (address|an address)$/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Suppress an address" });
  await dialog.getByRole("button", { name: "Suppress address" }).click();
  await expect(dialog.getByText("Enter an email address.")).toBeVisible();
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByRole("button", { name: "Suppress address" }).click();
  await expect(dialog.getByText("Must be a valid email address.")).toBeVisible();

  await dialog.getByLabel("Email").fill(email.toUpperCase());
  await dialog.getByRole("radio", { name: /Unsubscribe/ }).check();
  await dialog.getByRole("button", { name: "Suppress address" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Unsubscribed");
  await expect(row).toContainText("just now");

  // Adding it again says so instead of silently succeeding.
  await page.getByRole("button", { name: "Add address" }).click();
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Suppress address" }).click();
  await expect(dialog.getByText("already on the suppression list")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await row.getByRole("button", { name: `Remove ${email}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Remove from the suppression list?" });
  await expect(confirm).toContainText(email);
  await confirm.getByRole("button", { name: "Remove suppression" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
});

test("a domain added in the dashboard shows its DNS records, checks DNS and is deleted", async ({
  page,
}) => {
  const name = `e2e-${unique()}.example.com`;
  await page.goto("/settings/domains");
  await expect(page.getByRole("heading", { level: 1, name: "Domains" })).toBeVisible();

  await page.getByRole("button", { name: "Add domain" }).click();
  const dialog = page.getByRole("dialog", { name: "Add domain" });
  await dialog.getByLabel("Domain").fill("not a domain");
  await dialog.getByRole("button", { name: "Add domain" }).click();
  await expect(dialog.getByText("Must be a domain name such as example.com.")).toBeVisible();
  await dialog.getByLabel("Domain").fill(name.toUpperCase());
  await dialog.getByRole("button", { name: "Add domain" }).click();

  await expect(page).toHaveURL(/\/settings\/domains\/dom_[0-9a-z]+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const records = page.getByRole("table");
  const dkim = records.getByRole("row").filter({ hasText: "DKIM" });
  await expect(dkim).toContainText(`mailwright._domainkey.${name}`);
  await expect(dkim).toContainText("Required");
  await expect(dkim).toContainText(/v=DKIM1; k=rsa; p=[A-Za-z0-9+/]{100,}/);
  const row = (label: string) =>
    records.getByRole("row").filter({ has: page.getByText(label, { exact: true }) });
  // No relay is configured on the e2e server: no SPF include to suggest, and the page says why.
  await expect(row("SPF")).toHaveCount(0);
  await expect(page.getByText(/No relay is configured yet/)).toBeVisible();
  await expect(row("DMARC")).toContainText(`_dmarc.${name}`);
  await expect(dkim.getByRole("button", { name: "Copy DKIM value" })).toBeVisible();
  // Bounces come back to the return-path domain: its MX (priority and mail server).
  await expect(records).toContainText("Return path");
  const returnPathMx = row("Return-path MX");
  await expect(returnPathMx).toContainText("MX");
  await expect(returnPathMx).toContainText(`bounces.${name}`);
  await expect(returnPathMx).toContainText("Priority 10");
  await expect(
    returnPathMx.getByRole("button", { name: "Copy Return-path MX mail server" }),
  ).toBeVisible();
  await expect(row("Return-path SPF")).toHaveCount(0);

  // A name under example.com has no DKIM record: the check says so (or that DNS was unreachable).
  await page.getByRole("button", { name: "Verify DNS" }).click();
  await expect(page.getByText(/DKIM record not found yet|DNS could not be reached/)).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole("button", { name: "Verify DNS" })).toBeEnabled();

  await page.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Delete ${name}?` });
  await confirm.getByRole("button", { name: "Delete domain" }).click();
  await expect(page).toHaveURL(/\/settings\/domains$/);
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
});

test("a webhook endpoint created in the dashboard reveals its signing secret", async ({ page }) => {
  const url = `https://hooks.example.com/e2e/${unique()}`;
  await page.goto("/settings/webhooks");
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

  await page
    .getByRole("button", { name: /^Add (endpoint|your first endpoint)$/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Add webhook endpoint" });
  // "All events" (every type, future ones included) is chosen by default: each type shows checked.
  const allEvents = dialog.getByRole("checkbox", { name: /^All events/ });
  await expect(allEvents).toBeChecked();
  await expect(dialog.getByRole("group", { name: "Contacts" })).toBeVisible();
  await expect(dialog.getByRole("checkbox")).toHaveCount(18);
  for (const box of await dialog.getByRole("checkbox").all()) await expect(box).toBeChecked();

  await dialog.getByLabel("Endpoint URL").fill("not a url");
  await allEvents.uncheck();
  await dialog.getByRole("button", { name: "Clear all" }).click();
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  await expect(dialog.getByText("Must be an absolute http(s) URL.")).toBeVisible();
  await expect(dialog.getByText("Must list at least one event type.")).toBeVisible();

  await dialog.getByLabel("Endpoint URL").fill(url);
  await dialog.getByLabel(/Description/).fill("E2E receiver");
  await dialog.getByRole("checkbox", { name: /email\.bounced/ }).check();
  await dialog.getByRole("checkbox", { name: /email\.complained/ }).check();
  await dialog.getByRole("button", { name: "Add endpoint" }).click();

  await expect(page).toHaveURL(/\/settings\/webhooks\/wh_[0-9a-z]+$/);
  await expect(page.getByRole("heading", { level: 1, name: url })).toBeVisible();
  await expect(page.getByText("E2E receiver")).toBeVisible();
  await expect(page.getByText("No deliveries yet")).toBeVisible();

  const secret = page.getByRole("textbox", { name: "Signing secret" });
  await expect(secret).not.toHaveValue(/^whsec_[A-Za-z0-9]{20,}$/);
  await page.getByRole("button", { name: "Reveal" }).click();
  await expect(secret).toHaveValue(/^whsec_[A-Za-z0-9]{20,}$/);
  await expect(page.getByRole("button", { name: "Copy signing secret" })).toBeVisible();
  await page.getByRole("button", { name: "Hide" }).click();
  await expect(secret).not.toHaveValue(/^whsec_[A-Za-z0-9]{20,}$/);

  await page.getByRole("link", { name: "Webhooks" }).first().click();
  const row = page.getByRole("row").filter({ hasText: url });
  await expect(row).toContainText("Active");
  await expect(row).toContainText("bounced");
  await expect(row).toContainText("complained");

  // Deleted from its own page, behind a confirmation, back to the list without it.
  await row.getByRole("link").first().click();
  await page.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete this webhook endpoint?" });
  await expect(confirm).toContainText(url);
  await confirm.getByRole("button", { name: "Delete endpoint" }).click();
  await expect(page).toHaveURL(/\/settings\/webhooks$/);
  await expect(page.getByRole("row").filter({ hasText: url })).toHaveCount(0);
});

test("an email sent with a test key appears in the log with its timeline", async ({
  page,
  request,
}) => {
  // A test key from the UI: simulated delivery, so the timeline completes without a provider.
  await page.goto("/settings/api-keys");
  await page.getByRole("button", { name: "Create API key" }).click();
  const createDialog = page.getByRole("dialog", { name: "Create API key" });
  await createDialog.getByLabel("Name").fill(`E2E emails ${unique()}`);
  await createDialog.getByRole("radio", { name: /Test/ }).check();
  await createDialog.getByRole("button", { name: "Create key" }).click();
  const secretDialog = page.getByRole("dialog", { name: "Save your API key" });
  const key = await secretDialog.getByRole("textbox", { name: "Secret key" }).inputValue();
  await secretDialog.getByRole("button", { name: "I have saved the key" }).click();

  const subject = `E2E bounce ${unique()}`;
  const sent = await request.post("/api/v1/send", {
    headers: { Authorization: `Bearer ${key}` },
    data: {
      from: "Acme <hello@mail.test>",
      to: "bounce@example.com",
      subject,
      html: "<h1>Hello</h1><script>window.parent.document.title='pwned'</script>",
      text: "Hello in plain text",
    },
  });
  expect(sent.status()).toBe(200);
  const { id } = (await sent.json()) as { id: string };

  await page.goto("/emails?status=bounced");
  const row = page.getByRole("row").filter({ hasText: subject });
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText("Bounced", { timeout: 1_000 });
  }).toPass();
  await expect(row).toContainText("Test");
  await row.getByRole("link", { name: "bounce@example.com" }).click();

  await expect(page).toHaveURL(new RegExp(`/emails/${id}$`));
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText("550 5.1.1").first()).toBeVisible();
  const frame = page.getByTitle("HTML preview");
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(page.frameLocator('iframe[title="HTML preview"]').getByRole("heading")).toHaveText(
    "Hello",
  );
  expect(await page.title()).not.toBe("pwned");
  await page.getByRole("tab", { name: "Plain text" }).click();
  await expect(page.getByText("Hello in plain text")).toBeVisible();

  await page.goto("/emails/em_doesnotexist");
  await expect(page.getByText("Email not found")).toBeVisible();
});
