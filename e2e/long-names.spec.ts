import { expect, test, type Page } from "@playwright/test";
import { createLiveKey } from "./api-key";

// Issue 21: a 200-character unbroken contact name made the contact page scroll sideways
// (1,889 px wide at 1440, 1,601 px at 390). Long unbroken names, addresses and data now wrap.
const LONG = "Bartholomew".repeat(19).slice(0, 200);

async function pageWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test("a contact with a 200-character name, a long address and data value never widens the page", async ({
  page,
}) => {
  const key = await createLiveKey(page, "Long names");
  const created = await page.request.post("/api/v1/contacts", {
    headers: { authorization: `Bearer ${key}` },
    data: {
      email: `${"x".repeat(60)}@${"long-domain.".repeat(8)}example.com`,
      name: LONG,
      data: { [LONG.slice(0, 60).toLowerCase()]: LONG },
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const { id } = (await created.json()) as { id: string };

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of [
      `/contacts/${id}`,
      "/contacts",
      `/contacts?search=${LONG.slice(0, 20)}`,
      "/overview",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await pageWidth(page), `${path} at ${width} px`).toBeLessThanOrEqual(width);
    }
  }
});
