import { expect, test, type Page } from "@playwright/test";
import { readCredentials } from "./credentials";

// Issue 13 item 3: a new project's admin goes from nothing to a first send by following the
// overview's checklist, without a terminal; the project id and rename live in Settings → General.

async function openFreshProject(page: Page) {
  const { projectName, freshProject } = readCredentials();
  await page.goto("/overview");
  await page.getByRole("button", { name: `Project: ${projectName}. Switch project` }).click();
  await page.getByRole("menuitem", { name: freshProject.name }).click();
  await expect(
    page.getByRole("button", { name: `Project: ${freshProject.name}. Switch project` }),
  ).toBeVisible();
  return freshProject;
}

test("a new project's admin follows the checklist to a first send", async ({ page }) => {
  const { email } = readCredentials();
  await openFreshProject(page);
  await expect(page.getByText(/1 of 5 steps done/)).toBeVisible();

  // 1. Add the domain from the checklist's link.
  const domain = `news-${Date.now()}.example.com`;
  await page.getByRole("link", { name: "Add a domain" }).click();
  await page.getByRole("button", { name: "Add domain" }).first().click();
  await page.getByRole("dialog", { name: "Add domain" }).getByLabel("Domain").fill(domain);
  await page
    .getByRole("dialog", { name: "Add domain" })
    .getByRole("button", { name: "Add domain" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: domain })).toBeVisible();
  // The host to enter is relative to the zone example.com, with the full name beside it.
  const prefix = domain.replace(".example.com", "");
  await expect(
    page.getByText(`mailwright._domainkey.${prefix}`, { exact: true }).first(),
  ).toBeVisible();

  // 2. Mark it verified, after the warning.
  await page.getByRole("button", { name: "Mark as verified" }).click();
  const dialog = page.getByRole("alertdialog", { name: `Mark ${domain} as verified?` });
  await expect(dialog.getByText(/likely rejected or filed as spam/)).toBeVisible();
  await dialog.getByRole("button", { name: "Mark as verified" }).click();
  await expect(page.getByText(`Marked verified by ${email}`)).toBeVisible();

  // 3. The default sender, on the domain just verified.
  await page.goto("/overview");
  await page.getByRole("link", { name: "Choose a sender" }).click();
  await page.getByLabel("Email", { exact: true }).fill(`hello@${domain}`);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved").first()).toBeVisible();

  // 4. A test send from the checklist, to the admin's own address (prefilled).
  await page.goto("/overview");
  await expect(page.getByText(/4 of 5 steps done/)).toBeVisible();
  await expect(page.getByLabel("Send the test email to")).toHaveValue(email);
  await page.getByRole("button", { name: "Send test email" }).click();
  // Live from the verified sender; the e2e server has no relay, so it waits in the queue.
  await expect(page.getByText(/^Test email (sent|queued)$/)).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole("main").getByText("Every step is done: this project can send email."),
  ).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Getting started progress" })).toHaveAttribute(
    "aria-valuenow",
    "5",
  );
});

test("the project id is shown in Settings → General, and an admin renames the project", async ({
  page,
}) => {
  const fresh = await openFreshProject(page);
  await page.goto("/settings/general");
  await expect(page.getByTestId("project-id")).toHaveText(fresh.id);
  await expect(page.getByText(`create-key --project ${fresh.id} --mode live`)).toBeVisible();
  await page.getByLabel("Project name").fill("");
  await page.getByRole("button", { name: "Rename project" }).click();
  await expect(page.getByText("Is required.")).toBeVisible();
  await page.getByLabel("Project name").fill(`${fresh.name} (renamed)`);
  await page.getByRole("button", { name: "Rename project" }).click();
  await expect(
    page.getByRole("button", { name: `Project: ${fresh.name} (renamed). Switch project` }),
  ).toBeVisible();
  // Back to its name, so the spec can run again against a reused server.
  await page.getByLabel("Project name").fill(fresh.name);
  await page.getByRole("button", { name: "Rename project" }).click();
  await expect(
    page.getByRole("button", { name: `Project: ${fresh.name}. Switch project` }),
  ).toBeVisible();
});
