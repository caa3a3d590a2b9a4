import { expect, test } from "@playwright/test";

test("an API key created in Settings adds a contact that the dashboard then shows", async ({
  page,
  request,
}) => {
  const keyName = `E2E key ${Date.now()}`;
  const email = `grace.${Date.now()}@example.com`;

  await page.goto("/overview");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "API keys" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();

  await page.getByRole("button", { name: "Create API key" }).click();
  const createDialog = page.getByRole("dialog", { name: "Create API key" });
  await createDialog.getByRole("button", { name: "Create key" }).click();
  await expect(createDialog.getByText("Enter a name for the key.")).toBeVisible();
  await createDialog.getByLabel("Name").fill(keyName);
  await createDialog.getByRole("radio", { name: /Live/ }).check();
  await createDialog.getByRole("button", { name: "Create key" }).click();

  const secretDialog = page.getByRole("dialog", { name: "Save your API key" });
  const secret = await secretDialog.getByRole("textbox", { name: "Secret key" }).inputValue();
  expect(secret).toMatch(/^sk_live_[0-9A-Za-z]{32,}$/);
  await secretDialog.getByRole("button", { name: "I have saved the key" }).click();
  await expect(secretDialog).toBeHidden();
  const keyRow = page.getByRole("row").filter({ hasText: keyName });
  await expect(keyRow).toContainText("Live");
  await expect(keyRow).toContainText(secret.slice(0, 12));
  await expect(keyRow).toContainText("Never");

  const created = await request.post("/api/v1/contacts", {
    headers: { Authorization: `Bearer ${secret}` },
    data: { email, name: "Grace Hopper", data: { plan: "pro", seats: 3 } },
  });
  expect(created.status()).toBe(201);
  const contact = (await created.json()) as { id: string; email: string };
  expect(contact.email).toBe(email);

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Contacts" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Subscribed");
  await expect(row).toContainText("Grace Hopper");

  await row.getByRole("link", { name: email }).click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${contact.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: email })).toBeVisible();
  await expect(page.getByText("Grace Hopper").first()).toBeVisible();
  await expect(page.getByRole("term").filter({ hasText: /^plan$/ })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: /^pro$/ })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Activity" }).getByText("Added to contacts"),
  ).toBeVisible();

  // The key now shows when it was last used (recorded just after the request is answered).
  await page.goto("/settings/api-keys");
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("row").filter({ hasText: keyName })).toContainText("just now", {
      timeout: 1_000,
    });
  }).toPass();

  // Revoked: the confirmation says what it costs, and the key is refused at once.
  await page
    .getByRole("row")
    .filter({ hasText: keyName })
    .getByRole("button", { name: "Revoke" })
    .click();
  const revoke = page.getByRole("alertdialog", { name: `Revoke “${keyName}”?` });
  await expect(revoke).toContainText("refused with 401");
  await revoke.getByRole("button", { name: "Revoke key" }).click();
  await expect(revoke).toBeHidden();
  await expect(page.getByText(`“${keyName}” can no longer be used.`).first()).toBeVisible();
  const refused = await request.get("/api/v1/contacts", {
    headers: { Authorization: `Bearer ${secret}` },
  });
  expect(refused.status()).toBe(401);
});

test("a key with sending access chosen in Settings sends but cannot read contacts", async ({
  page,
  request,
}) => {
  const keyName = `Sending key ${Date.now()}`;
  await page.goto("/settings/api-keys");
  await page.getByRole("button", { name: "Create API key" }).click();
  const createDialog = page.getByRole("dialog", { name: "Create API key" });
  await expect(createDialog.getByRole("radio", { name: /Full access/ })).toBeChecked();
  await expect(createDialog.getByText(/cannot read contacts/)).toBeVisible();
  await createDialog.getByLabel("Name").fill(keyName);
  await createDialog.getByRole("radio", { name: /Sending access/ }).check();
  await createDialog.getByRole("button", { name: "Create key" }).click();

  const secretDialog = page.getByRole("dialog", { name: "Save your API key" });
  await expect(secretDialog).toContainText("with sending access");
  const secret = await secretDialog.getByRole("textbox", { name: "Secret key" }).inputValue();
  await secretDialog.getByRole("button", { name: "I have saved the key" }).click();
  const keyRow = page.getByRole("row").filter({ hasText: keyName });
  await expect(keyRow).toContainText("Sending access");

  const headers = { Authorization: `Bearer ${secret}` };
  const contacts = await request.get("/api/v1/contacts", { headers });
  expect(contacts.status()).toBe(403);
  expect(((await contacts.json()) as { error: { code: string } }).error.code).toBe(
    "insufficient_permission",
  );
  expect((await request.get("/api/v1/emails", { headers })).status()).toBe(200);
});
