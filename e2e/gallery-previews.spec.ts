import { expect, test } from "@playwright/test";

// Issue 21: the payment receipt's preview showed "—" for order, total and date, and the
// newsletter's hero image never showed. Previews now fill every variable with a sample and show
// the pictures shipped in public/samples.
test("gallery previews show sample values and pictures that load", async ({ page }) => {
  await page.goto("/templates/tpl_system_receipt");
  const receipt = page.frameLocator("iframe").first();
  await expect(receipt.getByText("#10428")).toBeVisible();
  await expect(receipt.locator("body")).not.toContainText("—");

  await page.goto("/templates/tpl_system_newsletter_digest");
  const newsletter = page.frameLocator("iframe").first();
  const pictures = newsletter.locator('img[src*="/samples/"]');
  await expect(pictures.first()).toBeVisible();
  await expect
    .poll(() =>
      pictures.evaluateAll((images) =>
        (images as HTMLImageElement[]).every((image) => image.complete && image.naturalWidth > 0),
      ),
    )
    .toBe(true);
});
