import { expect, type Page } from "@playwright/test";

/** Moves the signed-in user from project `from` to `to` with the sidebar's project switcher. */
export async function switchProject(page: Page, from: string, to: string) {
  await page.goto("/overview");
  await page.getByRole("button", { name: `Project: ${from}. Switch project` }).click();
  await page.getByRole("menuitem", { name: to }).click();
  await expect(page.getByRole("button", { name: `Project: ${to}. Switch project` })).toBeVisible();
}
