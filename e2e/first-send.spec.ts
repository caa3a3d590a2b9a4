import { expect, test, type Page } from "@playwright/test";
import { startSmtpServer } from "../test/support/smtp-server";
import {
  addVerifiedDomain,
  chooseSender,
  connectLocalRelay,
  sendChecklistTestEmail,
} from "./checklist-steps";
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

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
test.beforeAll(async () => {
  smtp = await startSmtpServer();
});
test.afterAll(async () => {
  await smtp?.close();
});

/** A project made from the switcher for this attempt alone, so a retry starts from nothing too. */
async function createProjectFromSwitcher(page: Page) {
  const { projectName } = readCredentials();
  const name = `First send ${Date.now().toString(36)}`;
  await page.goto("/overview");
  await page.getByRole("button", { name: `Project: ${projectName}. Switch project` }).click();
  await page.getByRole("menuitem", { name: "New project" }).click();
  const form = page.getByRole("dialog", { name: "New project" });
  await form.getByLabel("Project name").fill(name);
  await form.getByRole("button", { name: "Create project" }).click();
  await page
    .getByRole("dialog", { name: `${name} is ready` })
    .getByRole("button", { name: `Open ${name}` })
    .click();
  await expect(
    page.getByRole("button", { name: `Project: ${name}. Switch project` }),
  ).toBeVisible();
}

test("a new project's admin follows the checklist to a first send", async ({ page }) => {
  // Six steps through the dashboard, a relay test and a delivery: more than one page's budget.
  test.slow();
  const { email } = readCredentials();
  await createProjectFromSwitcher(page);
  await expect(page.getByText(/1 of 6 steps done/)).toBeVisible();

  // 1–2. Add the domain from the checklist's link and mark it verified, after the warning.
  const domain = `news-${Date.now()}.example.com`;
  await page.goto("/overview");
  await addVerifiedDomain(page, domain, email);
  // The host to enter is relative to the zone example.com, with the full name beside it.
  const prefix = domain.replace(".example.com", "");
  await expect(
    page.getByText(`mailwright._domainkey.${prefix}`, { exact: true }).first(),
  ).toBeVisible();

  // 3. The default sender, on the domain just verified.
  await chooseSender(page, `hello@${domain}`);

  // 4. Delivery, from the dashboard: a relay pointing at a local SMTP server, tested, saved.
  await page.goto("/overview");
  await expect(page.getByText(/4 of 6 steps done/)).toBeVisible();
  await connectLocalRelay(page, smtp.url);

  // 5. A test send from the checklist, to the admin's own address (prefilled): it arrives at
  // the relay without a restart, and only then is the step done.
  await page.goto("/overview");
  await expect(page.getByText(/5 of 6 steps done/)).toBeVisible();
  await expect(page.getByLabel("Send the test email to")).toHaveValue(email);
  await sendChecklistTestEmail(page, email, () => smtp.received);
  await expect(page.getByRole("progressbar", { name: "Getting started progress" })).toHaveAttribute(
    "aria-valuenow",
    "6",
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
