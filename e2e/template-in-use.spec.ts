import { expect, test, type Page } from "@playwright/test";
import { createLiveKey } from "./api-key";
import { readCredentials } from "./credentials";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** Screenshots for review when SCREENSHOT_DIR is set; nothing otherwise. */
const shot = async (page: Page, name: string) => {
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true });
};

test("a template an automation uses cannot be deleted: the dialog names it and links there", async ({
  page,
  request,
}) => {
  const key = await createLiveKey(page, `E2E in use ${unique()}`);
  const headers = { Authorization: `Bearer ${key}` };
  const templateName = `Welcome ${unique()}`;
  const template = await request.post("/api/v1/templates", {
    headers,
    data: { name: templateName },
  });
  expect(template.status()).toBe(201);
  const { id: templateId } = (await template.json()) as { id: string };
  const automationName = `Onboarding ${unique()}`;
  const automation = await request.post("/api/v1/automations", {
    headers,
    data: { name: automationName, steps: [{ type: "email", templateId }] },
  });
  expect(automation.status()).toBe(201);
  const { id: automationId } = (await automation.json()) as { id: string };

  await page.goto("/templates");
  await page.getByRole("button", { name: `Actions for ${templateName}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const dialog = page.getByRole("alertdialog", { name: "This template is in use" });
  const dependant = dialog.getByRole("link", { name: new RegExp(automationName) });
  await expect(dependant).toHaveAttribute("href", `/automations/${automationId}`);
  await expect(dialog.getByText("Switch them to another template first")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Delete template" })).toBeDisabled();
  await shot(page, "delete-dialog-in-use-wide");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "delete-dialog-in-use-narrow");
  await page.setViewportSize({ width: 1280, height: 720 });

  // Pointed at another template, the automation no longer holds it: Delete works.
  const switched = await request.patch(`/api/v1/automations/${automationId}`, {
    headers,
    data: { steps: [{ type: "email", templateId: "tpl_system_welcome" }] },
  });
  expect(switched.status()).toBe(200);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("button", { name: `Actions for ${templateName}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const free = page.getByRole("alertdialog", { name: "Delete this template?" });
  await expect(free.getByRole("button", { name: "Delete template" })).toBeEnabled();
  await free.getByRole("button", { name: "Delete template" }).click();
  await expect(page.getByRole("link", { name: templateName })).toHaveCount(0);
});

test("an automation whose runs failed says so on its list row and above its canvas", async ({
  page,
}) => {
  const { health } = readCredentials();
  await page.goto("/overview");
  await page.getByRole("button", { name: /Switch project/ }).click();
  await page.getByRole("menuitem", { name: health.projectName }).click();
  await expect(
    page.getByRole("button", { name: `Project: ${health.projectName}. Switch project` }),
  ).toBeVisible();

  await page.goto("/automations");
  const row = page.getByRole("row", { name: /Welcome series/ });
  const rowHealth = row.getByRole("link", { name: /2 failed runs/ });
  await expect(rowHealth).toContainText(health.error);
  await expect(rowHealth).toHaveAttribute(
    "href",
    `/automations/${health.automationId}/runs?status=failed`,
  );
  await shot(page, "list-health-wide");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "list-health-narrow");
  await page.setViewportSize({ width: 1280, height: 720 });

  // The canvas: the failure line, and the step card counts the failures apart from completions.
  await page.goto(`/automations/${health.automationId}`);
  await expect(page.getByRole("link", { name: /2 failed runs/ })).toContainText("3 hours ago");
  const flow = page.getByRole("region", { name: "Automation flow" });
  await expect(flow.getByText("3 completed", { exact: true })).toBeVisible();
  await expect(flow.getByText("2 failed", { exact: true })).toBeVisible();
  await shot(page, "canvas-health-wide");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "canvas-health-narrow");
});
