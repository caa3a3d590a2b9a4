import { expect, test, type Page } from "@playwright/test";
import { createLiveKey } from "./api-key";

/** Creates a draft automation through the dialog and lands in its builder. */
async function createAutomation(page: Page, name: string) {
  await page.goto("/overview");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Automations" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Automations" })).toBeVisible();
  await page
    .getByRole("button", { name: /^(New automation|Create your first automation)$/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "New automation" });
  await dialog.getByRole("textbox", { name: "Name" }).fill(name);
  await expect(dialog.getByRole("radio", { name: /When a contact subscribes/ })).toBeChecked();
  await dialog.getByRole("button", { name: "Create and open builder" }).click();
  await expect(page).toHaveURL(/\/automations\/aut_[0-9a-z]+$/);
  await expect(page.getByRole("textbox", { name: "Automation name" })).toHaveValue(name);
}

/** Opens the "+" menu on an edge and picks a step type. */
async function addStep(page: Page, edge: string, type: RegExp) {
  await page.getByRole("button", { name: edge, exact: true }).click();
  await page.getByRole("menuitem", { name: type }).click();
}

const settings = (page: Page) => page.getByRole("complementary", { name: "Settings" });

test("an automation is built on the canvas, switched live, reloads as built and runs for a contact from the API", async ({
  page,
}) => {
  const name = `Onboarding ${Date.now().toString(36)}`;
  await createAutomation(page, name);
  const builderUrl = page.url();

  // A delay as the first step, set to three days.
  await addStep(page, "Add a step after the trigger", /Wait a while/);
  await settings(page).getByRole("spinbutton", { name: "Wait for" }).fill("3");
  await expect(page.getByRole("button", { name: /^Step 1: Delay, Wait 3 days/ })).toBeVisible();

  // A branch after it: data.plan equals pro.
  await addStep(page, "Add a step after step 1", /Branch/);
  await settings(page).getByRole("textbox", { name: "Field name" }).fill("plan");
  await settings(page).getByRole("textbox", { name: "Value" }).fill("pro");
  await expect(
    page.getByRole("button", { name: /^Step 2: Branch, If data.plan equals pro/ }),
  ).toBeVisible();

  // An email on the Yes path, with a gallery template.
  await addStep(page, "Add a step on the Yes path of step 2", /Send an email/);
  await settings(page).getByRole("combobox", { name: "Template" }).click();
  await page.getByRole("option", { name: "Welcome", exact: true }).click();
  await expect(page.getByRole("button", { name: /^Step 3: Email, Send “Welcome”/ })).toBeVisible();
  await expect(settings(page).locator('iframe[title="Preview of Welcome"]')).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Unsaved changes" })).toBeVisible();

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();

  await page.getByRole("button", { name: "Go live" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Go live?" });
  await expect(confirm).toContainText("Contacts start entering now");
  await confirm.getByRole("button", { name: "Go live" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("button", { name: "Switch to draft" })).toBeVisible();

  // After a reload the flow is what was built: delay → branch → (Yes) email, (No) end.
  await page.reload();
  await expect(page.getByRole("button", { name: "Switch to draft" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Step 1: Delay, Wait 3 days/ })).toBeVisible();
  await expect(
    page.getByRole("button", { name: /^Step 2: Branch, If data.plan equals pro/ }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /^Step 3: Email, Send “Welcome”/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add a step after step 3" })).toBeVisible();
  await expect(
    page.getByRole("button", { name: "Add a step on the No path of step 2" }),
  ).toBeVisible();
  const flow = page.getByRole("region", { name: "Automation flow" });
  await expect(flow.getByText("End", { exact: true })).toHaveCount(2);

  await page.getByRole("button", { name: /^Step 1: Delay/ }).click();
  await expect(settings(page).getByRole("spinbutton", { name: "Wait for" })).toHaveValue("3");
  await expect(settings(page).getByRole("combobox", { name: "Unit" })).toHaveText(/days/);

  // A contact created through the API enters it (trigger: contact subscribed) and the run shows
  // on the canvas and in Runs, resting in the three-day delay.
  const key = await createLiveKey(page, `Builder e2e ${Date.now().toString(36)}`);
  const email = `builder.${Date.now().toString(36)}@example.com`;
  const created = await page.request.post("/api/v1/contacts", {
    headers: { Authorization: `Bearer ${key}` },
    data: { email, data: { plan: "pro" } },
  });
  expect(created.status()).toBe(201);
  await page.goto(builderUrl);
  const canvas = page.getByRole("region", { name: "Automation flow" });
  await expect(canvas.getByText("1 contact entered", { exact: true })).toBeVisible();
  await expect(canvas.getByText("1 waiting", { exact: true })).toBeVisible({ timeout: 15_000 });
  await page.getByRole("link", { name: /1 in progress · 0 completed/ }).click();
  const run = page.getByRole("row").filter({ hasText: email });
  await expect(run).toContainText("Delayed");
  await expect(run).toContainText("Step 1 · Wait 3 days");

  await page.getByRole("link", { name: "Automations" }).first().click();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Live");
  await expect(row).toContainText("3");
});

test("an unfinished step is flagged on its card and field, and nothing is saved until fixed", async ({
  page,
}) => {
  await createAutomation(page, `Unfinished ${Date.now().toString(36)}`);
  await addStep(page, "Add a step after the trigger", /Send an email/);
  await expect(
    page.getByRole("button", { name: /^Step 1: Email, Choose a template/ }),
  ).toBeVisible();

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Not saved: 1 thing needs fixing")).toBeVisible();
  await expect(settings(page).getByText("Choose a template.", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Step 1: .*needs attention$/ })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Not saved" })).toBeVisible();

  // Going live is checked the same way.
  await page.getByRole("button", { name: "Go live" }).click();
  await page
    .getByRole("alertdialog", { name: "Go live?" })
    .getByRole("button", { name: "Go live" })
    .click();
  await expect(page.getByText("Not live yet: 1 thing needs fixing")).toBeVisible();

  await settings(page).getByRole("combobox", { name: "Template" }).click();
  await page.getByRole("option", { name: "Personal note", exact: true }).click();
  await expect(page.getByText(/things? needs? fixing/)).toBeHidden();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Go live" })).toBeVisible();
});
