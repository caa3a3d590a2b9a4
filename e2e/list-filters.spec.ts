import { expect, test } from "@playwright/test";

// Issue 21: in the Emails log, a status tab then a search dropped the status filter (the form's
// hidden phone-only select still held the status from before the tab was clicked).
test("a status tab, then a search, keeps both filters in the Emails log", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/emails");
  await page
    .getByRole("navigation", { name: "Status filter" })
    .getByRole("link", { name: "Bounced" })
    .click();
  await expect(page).toHaveURL(/\/emails\?status=bounced$/);
  await page.getByLabel("Search by recipient").fill("ada@");
  await page.getByLabel("Search by recipient").press("Enter");
  await expect(page).toHaveURL(/\/emails\?status=bounced&search=ada%40$/);
  await expect(
    page.getByRole("navigation", { name: "Status filter" }).getByRole("link", { name: "Bounced" }),
  ).toHaveAttribute("aria-current", "page");

  // And back to All: the search stays, the status goes.
  await page
    .getByRole("navigation", { name: "Status filter" })
    .getByRole("link", { name: "All" })
    .click();
  await expect(page).toHaveURL(/\/emails\?search=ada%40$/);
  await page.getByLabel("Search by recipient").fill("bob@");
  await page.getByLabel("Search by recipient").press("Enter");
  await expect(page).toHaveURL(/\/emails\?search=bob%40$/);
});
