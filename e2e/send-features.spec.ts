import { expect, test } from "@playwright/test";
import { createLiveKey } from "./api-key";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("a scheduled email shows its time and tags, and Cancel send cancels it", async ({
  page,
  request,
}) => {
  const key = await createLiveKey(page, `E2E schedule ${unique()}`);
  const scheduledAt = new Date(Date.now() + 86_400_000).toISOString();
  const response = await request.post("/api/v1/send", {
    headers: { Authorization: `Bearer ${key}` },
    data: {
      from: "hello@mail.test",
      to: `later.${unique()}@example.com`,
      subject: "See you tomorrow",
      html: "<p>Tomorrow</p>",
      tags: [{ name: "kind", value: "reminder" }],
      scheduled_at: scheduledAt,
    },
  });
  expect(response.status(), await response.text()).toBe(202);
  const { id } = (await response.json()) as { id: string };

  await page.goto(`/emails/${id}`);
  await expect(page.getByText("Scheduled for")).toBeVisible();
  await expect(page.getByText("kind: reminder")).toBeVisible();
  await page.getByRole("button", { name: "Cancel send" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Cancel this scheduled email?" });
  await dialog.getByRole("button", { name: "Cancel send" }).click();
  await expect(page.getByRole("button", { name: "Cancel send" })).toHaveCount(0);
  await expect(page.getByText("Canceled", { exact: true }).first()).toBeVisible();
});

test("Send test event on a webhook's page adds a webhook.test delivery to its log", async ({
  page,
  request,
}) => {
  const key = await createLiveKey(page, `E2E hook ${unique()}`);
  const created = await request.post("/api/v1/webhooks", {
    headers: { Authorization: `Bearer ${key}` },
    data: { url: `https://hooks.example.com/${unique()}`, events: ["email.opened"] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/settings/webhooks/${id}`);
  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByText("Test event sent", { exact: true })).toBeVisible();
  await expect(page.getByText("webhook.test").first()).toBeVisible();
});
