import { expect, test } from "@playwright/test";

test("a CSV imported from the dashboard, with one column mapped by hand and one bad row, lands in Contacts", async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const ada = `ada.${stamp}@example.com`;
  const grace = `grace.${stamp}@example.com`;
  // "Contact" is not a recognised email header: the user has to map it.
  const csv = [
    "Contact,Full name,Plan,Company",
    `${ada},Ada Lovelace,pro,Analytical Engines`,
    `${grace},Grace Hopper,team,Navy`,
    "not-an-email,Broken Row,free,Nowhere",
  ].join("\n");

  await page.goto("/contacts");
  await page.getByRole("link", { name: "Import", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import contacts" })).toBeVisible();

  await page.getByLabel("CSV file").setInputFiles({
    name: `people-${stamp}.csv`,
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await expect(page.getByRole("heading", { name: "Match your columns" })).toBeVisible();
  await expect(
    page.getByRole("alert").filter({ hasText: "Choose the column that holds the email address." }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Import contacts" })).toBeDisabled();

  await page.getByRole("combobox", { name: "Import “Contact” as" }).click();
  await page.getByRole("option", { name: "Email" }).click();
  await page.getByRole("combobox", { name: "Import “Company” as" }).click();
  await page.getByRole("option", { name: "Don’t import" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "email address" })).toBeHidden();

  // The preview reads rows like the import will: two ready, the third skipped.
  const preview = page.getByRole("table");
  await expect(preview.getByRole("row").filter({ hasText: ada })).toContainText("Ready");
  await expect(preview.getByRole("row").filter({ hasText: ada })).toContainText("Plan: pro");
  await expect(preview.getByRole("row").filter({ hasText: "not-an-email" })).toContainText(
    "Skipped",
  );

  await page.getByRole("button", { name: "Import contacts" }).click();
  await expect(page.getByRole("heading", { name: "Import finished" })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText("Import complete, 1 row skipped")).toBeVisible();
  const errors = page.getByRole("region", { name: "Rows with errors" });
  await expect(errors.getByRole("row")).toHaveCount(2); // the header and the one bad row
  await expect(errors.getByRole("row").nth(1)).toContainText("3");
  await expect(errors.getByRole("row").nth(1)).toContainText(
    'email: "not-an-email" is not an email address',
  );

  await page.getByRole("link", { name: "View contacts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search by email" }).fill(grace);
  await page.getByRole("searchbox", { name: "Search by email" }).press("Enter");
  const row = page.getByRole("row").filter({ hasText: grace });
  await expect(row).toContainText("Grace Hopper");
  await expect(row).toContainText("Subscribed");
});
