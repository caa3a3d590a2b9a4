import type { Page } from "@playwright/test";

/** A live key made in Settings → API keys, as a user would, for specs that also use the API. */
export async function createLiveKey(page: Page, name: string): Promise<string> {
  await page.goto("/settings/api-keys");
  await page.getByRole("button", { name: "Create API key" }).click();
  const createDialog = page.getByRole("dialog", { name: "Create API key" });
  await createDialog.getByLabel("Name").fill(name);
  await createDialog.getByRole("radio", { name: /Live/ }).check();
  await createDialog.getByRole("button", { name: "Create key" }).click();
  const secretDialog = page.getByRole("dialog", { name: "Save your API key" });
  const key = await secretDialog.getByRole("textbox", { name: "Secret key" }).inputValue();
  await secretDialog.getByRole("button", { name: "I have saved the key" }).click();
  return key;
}
