import { expect, test, type Page } from "@playwright/test";
import { readCredentials } from "./credentials";

/** Screenshots for review when SCREENSHOT_DIR is set; nothing otherwise. */
const shot = async (page: Page, name: string) => {
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png` });
};

/** The project switcher: in the sidebar on wide screens, in the navigation sheet on narrow ones. */
async function openSwitcher(page: Page, current: string) {
  if ((page.viewportSize()?.width ?? 0) < 1024) {
    await page.getByRole("button", { name: "Open navigation" }).click();
  }
  await page.getByRole("button", { name: `Project: ${current}. Switch project` }).click();
}

// DECISIONS §12 "Projects in the dashboard", on a wide and a narrow screen. Each run makes its
// own project and deletes it: the seeded projects other specs rely on are left alone.
for (const width of [1440, 390]) {
  test(`an admin creates a project from the switcher, lands in it and deletes it by name (${width} px)`, async ({
    page,
  }) => {
    // Two dialogs, three page loads and a deletion: more than one simple page's budget.
    test.slow();
    const { projectName } = readCredentials();
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
    const name = `Launch ${width} ${Date.now().toString(36)}`;

    await page.goto("/overview");
    await openSwitcher(page, projectName);
    await shot(page, `projects-switcher-${width}`);
    await page.getByRole("menuitem", { name: "New project" }).click();
    const form = page.getByRole("dialog", { name: "New project" });
    await form.getByRole("button", { name: "Create project" }).click();
    await expect(form.getByText("Enter a name for the project.")).toBeVisible();
    await form.getByLabel("Project name").fill(name);
    await shot(page, `projects-new-${width}`);
    await form.getByRole("button", { name: "Create project" }).click();

    // Its own keys, shown once; leaving the dialog opens the new project.
    const ready = page.getByRole("dialog", { name: `${name} is ready` });
    await expect(ready.getByRole("textbox", { name: "Live key" })).toHaveValue(
      /^sk_live_[0-9A-Za-z]{40}$/,
    );
    await expect(ready.getByRole("textbox", { name: "Test key" })).toHaveValue(
      /^sk_test_[0-9A-Za-z]{40}$/,
    );
    await shot(page, `projects-keys-${width}`);
    await ready.getByRole("button", { name: `Open ${name}` }).click();
    await expect(ready).toBeHidden();
    await expect(page).toHaveURL(/\/overview$/);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(page.getByText(`Everything happening in ${name} at a glance.`)).toBeVisible();
    await page.goto("/settings/general");
    await expect(page.getByTestId("project-id")).toHaveText(/^prj_/);
    await expect(page.getByLabel("Project name")).toHaveValue(name);

    // Danger zone: the button waits for the exact name.
    await page.getByRole("heading", { name: "Danger zone" }).scrollIntoViewIfNeeded();
    await shot(page, `projects-danger-zone-${width}`);
    await page.getByRole("button", { name: "Delete project" }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete ${name}?` });
    const deleteButton = confirm.getByRole("button", { name: "Delete project" });
    await expect(deleteButton).toBeDisabled();
    await confirm.getByLabel(`Type ${name} to confirm`).fill(name.toLowerCase());
    await expect(deleteButton).toBeDisabled();
    await confirm.getByLabel(`Type ${name} to confirm`).fill(name);
    await expect(deleteButton).toBeEnabled();
    await shot(page, `projects-delete-confirm-${width}`);
    await deleteButton.click();

    // Back in the user's first project; the deleted one is gone from the switcher.
    await expect(page).toHaveURL(/\/overview$/);
    await openSwitcher(page, projectName);
    await expect(page.getByRole("menuitem", { name: projectName })).toBeVisible();
    await expect(page.getByRole("menuitem", { name })).toHaveCount(0);
  });
}
