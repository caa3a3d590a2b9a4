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
  await expect(page.getByRole("button", { name: "Check all rows" })).toBeDisabled();

  await page.getByRole("combobox", { name: "Import “Contact” as" }).click();
  await page.getByRole("option", { name: "Email" }).click();
  await page.getByRole("combobox", { name: "Import “Company” as" }).click();
  await page.getByRole("option", { name: "Don’t import" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "email address" })).toBeHidden();

  // The preview reads rows like the import will: two ready, the third skipped.
  const preview = page.getByRole("table");
  await expect(preview.getByRole("row").filter({ hasText: ada })).toContainText("Ready");
  // "Plan" is suggested as a clean key: plan.
  await expect(preview.getByRole("row").filter({ hasText: ada })).toContainText("plan: pro");
  await expect(preview.getByRole("row").filter({ hasText: "not-an-email" })).toContainText(
    "Skipped",
  );

  await page.getByRole("button", { name: "Check all rows" }).click();
  await expect(page.getByRole("heading", { name: "Check results" })).toBeVisible();
  await page.getByRole("button", { name: "Import 2 contacts" }).click();
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

test("a semicolon file with first and last names: every row is checked, duplicates are reported, the last row wins", async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const ines = `ines.${stamp}@example.com`;
  const otto = `otto.${stamp}@example.com`;
  // European Excel: semicolons, a comma inside a quoted cell, and Inès twice (rows 1 and 4).
  const csv = [
    "E-mail;First name;Last name;City",
    `${ines};Inès;Müller;"Berlin, Germany"`,
    `${otto};Otto;;Hamburg`,
    "broken-address;No;Email;Nowhere",
    `${ines};Inès;Meyer;Munich`,
  ].join("\r\n");

  await page.goto("/contacts/import");
  await page.getByLabel("CSV file").setInputFiles({
    name: `europe-${stamp}.csv`,
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await expect(page.getByText("4 columns separated by semicolons")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Import “First name” as" })).toHaveText(
    "First name",
  );
  await expect(page.getByRole("combobox", { name: "Import “Last name” as" })).toHaveText(
    "Last name",
  );
  await expect(page.getByLabel("Field name for “City”")).toHaveValue("city");
  const preview = page.getByRole("table");
  await expect(preview.getByRole("row").filter({ hasText: otto })).toContainText("Otto");

  await page.getByRole("button", { name: "Check all rows" }).click();
  await expect(page.getByRole("heading", { name: "Check results" })).toBeVisible();
  await expect(page.getByText("1 row has an error, 1 row repeats an email")).toBeVisible();
  const problems = page.getByRole("region", { name: "Rows with errors or duplicates" });
  await expect(problems.getByRole("row").nth(1)).toContainText('email: "broken-address"');
  await expect(problems.getByRole("row").nth(2)).toContainText(
    `${ines} is also in row 1: this later row wins`,
  );

  await page.getByRole("button", { name: "Import 2 contacts" }).click();
  await expect(page.getByRole("heading", { name: "Import finished" })).toBeVisible({
    timeout: 20_000,
  });
  const counts = page.getByRole("definition");
  await expect(counts).toHaveText(["2", "0", "1", "1"]);

  await page.getByRole("link", { name: "View contacts" }).click();
  await page.getByRole("searchbox", { name: "Search by email" }).fill(ines);
  await page.getByRole("searchbox", { name: "Search by email" }).press("Enter");
  await expect(page.getByRole("row").filter({ hasText: ines })).toContainText("Inès Meyer");
});
