import { expect, test } from "@playwright/test";
import { createLiveKey } from "./api-key";

// A real 1×1 PNG: the server sniffs the bytes, so a fake would be refused.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("an image uploaded in the image block's inspector shows in the preview", async ({ page }) => {
  await page.goto("/templates?tab=gallery");
  await page.getByRole("button", { name: "Use the Welcome template" }).click();
  await expect(page).toHaveURL(/\/templates\/tpl_(?!system)[0-9a-z]+$/);
  // Sample data, not fallbacks or gaps: the sample contact is greeted.
  const preview = page.frameLocator('iframe[title="Email preview"]');
  await expect(preview.getByText(/Welcome aboard, Alex/)).toBeVisible();

  await page
    .getByRole("button", { name: /^Image:/ })
    .first()
    .click();
  await page.getByLabel("Image file").setInputFiles({
    name: `logo-${unique()}.png`,
    mimeType: "image/png",
    buffer: PNG,
  });
  const url = page.getByRole("textbox", { name: "Image URL" });
  await expect(url).toHaveValue(/\/media\/med_[0-9a-z]{26}\.png$/);
  const src = await url.inputValue();
  await expect(preview.locator(`img[src="${src}"]`)).toBeVisible();
  const served = await page.request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");

  // The upload is in the project's gallery, to reuse.
  await page.getByRole("button", { name: "Your uploads" }).click();
  const library = page.getByRole("dialog", { name: "Your uploads" });
  const tile = library.getByRole("listitem").filter({ has: page.locator(`img[src="${src}"]`) });
  await expect(tile.getByRole("button", { name: /^Use logo-/ })).toBeVisible();

  // Deleted from the gallery behind a confirmation: gone from the list and from its URL.
  await tile.getByRole("button", { name: /^Delete logo-/ }).click();
  const confirm = page.getByRole("alertdialog", { name: /^Delete logo-.*\?$/ });
  await expect(confirm).toContainText("broken image");
  await confirm.getByRole("button", { name: "Delete image" }).click();
  await expect(confirm).toBeHidden();
  await expect(tile).toHaveCount(0);
  expect((await page.request.get(src)).status()).toBe(404);
  await library.getByRole("button", { name: "Close" }).click();

  // A file that is not an image is refused with a message, and the URL is unchanged.
  await page.getByLabel("Image file").setInputFiles({
    name: "drawing.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
  });
  await expect(
    page.getByRole("alert").filter({ hasText: "This file is not a PNG, JPEG, GIF or WebP image." }),
  ).toBeVisible();
  await expect(url).toHaveValue(src);
});

test("a newsletter's content fields are saved with the campaign and reach the email", async ({
  page,
  request,
}) => {
  const key = await createLiveKey(page, `E2E content ${unique()}`);
  const reader = `reader.${unique()}@example.com`;
  const contact = await request.post("/api/v1/contacts", {
    headers: { Authorization: `Bearer ${key}` },
    data: { email: reader, name: "Ada Reader" },
  });
  expect(contact.status()).toBe(201);

  const name = `June digest ${unique()}`;
  await page.goto("/campaigns/new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("combobox", { name: "Template" }).click();
  await page
    .getByRole("group", { name: "Gallery" })
    .getByRole("option", { name: "Newsletter digest" })
    .click();
  const content = page.getByRole("group", { name: "Template content" });
  await expect(content.getByRole("textbox", { name: "Issue title" })).toHaveAttribute(
    "placeholder",
    "This month", // the first fallback written, in the subject
  );
  await content.getByRole("textbox", { name: "Issue title" }).fill("June in review");
  await content.getByRole("textbox", { name: "Story 1 title" }).fill("The editor, rebuilt");
  await content
    .getByRole("textbox", { name: "Story 1 summary" })
    .fill("Drag blocks, upload images, preview with sample data.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/campaigns\/cmp_/);

  // Saved with the draft: there after a reload.
  await page.reload();
  await expect(
    page.getByRole("group", { name: "Template content" }).getByRole("textbox", {
      name: "Issue title",
    }),
  ).toHaveValue("June in review");

  const campaignId = page.url().split("/").pop()!;
  await page.getByRole("button", { name: "Send now…" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Send this campaign now?" });
  await confirm.getByRole("button", { name: /^Send to \d+ contacts?$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // The reader's email carries the campaign's content and their own name.
  const auth = { headers: { Authorization: `Bearer ${key}` } };
  let emailId: string | undefined;
  await expect
    .poll(
      async () => {
        const list = await (
          await request.get("/api/v1/emails?type=campaign&limit=100", auth)
        ).json();
        emailId = list.data.find(
          (e: { to: string; campaign_id?: string; subject: string }) => e.to === reader,
        )?.id;
        return emailId;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  const email = await (await request.get(`/api/v1/emails/${emailId}`, auth)).json();
  expect(email.subject).toMatch(/^June in review: /);
  expect(email.html).toContain("The editor, rebuilt");
  expect(email.html).toContain("Drag blocks, upload images, preview with sample data.");
  expect(email.html).toMatch(/Hi (<!-- -->)?Ada(<!-- -->)?,/);
  expect(campaignId).toMatch(/^cmp_/);
});
