import { expect, test, type Page } from "@playwright/test";
import { startSmtpServer } from "../test/support/smtp-server";
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

test("a new project's admin follows the checklist to a first send", async ({ page }) => {
  const { email } = readCredentials();
  await openFreshProject(page);
  await expect(page.getByText(/1 of 6 steps done/)).toBeVisible();

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

  // 4. Delivery, from the dashboard: a relay pointing at a local SMTP server, tested, saved.
  await page.goto("/overview");
  await expect(page.getByText(/4 of 6 steps done/)).toBeVisible();
  await page.getByRole("link", { name: "Connect delivery" }).click();
  await expect(page.getByText("Delivery is not connected")).toBeVisible();
  await page.getByRole("button", { name: "Add SMTP relay" }).first().click();
  const relay = page.getByRole("dialog", { name: "Add an SMTP relay" });
  await relay.getByLabel("Name", { exact: true }).fill("Local relay");
  await relay.getByLabel("Host").fill("127.0.0.1");
  await relay.getByRole("radio", { name: "None" }).click();
  await relay.getByLabel("Port").fill(new URL(smtp.url).port);
  await relay.getByRole("button", { name: "Test connection" }).click();
  await expect(relay.getByText("Connection works")).toBeVisible();
  await relay.getByRole("button", { name: "Add relay" }).click();
  await expect(page.getByText("Delivery is connected")).toBeVisible();
  await expect(page.getByText("Local relay", { exact: true })).toBeVisible();

  // 5. A test send from the checklist, to the admin's own address (prefilled): it arrives at
  // the relay without a restart, and only then is the step done.
  await page.goto("/overview");
  await expect(page.getByText(/5 of 6 steps done/)).toBeVisible();
  await expect(page.getByLabel("Send the test email to")).toHaveValue(email);
  await page.getByRole("button", { name: "Send test email" }).click();
  await expect(page.getByText("Test email sent")).toBeVisible();
  await expect.poll(() => smtp.received.some((m) => m.to.includes(email))).toBe(true);
  await expect(async () => {
    await page.reload();
    await expect(
      page.getByRole("main").getByText("Every step is done: this project can send email."),
    ).toBeVisible({ timeout: 1_000 });
  }).toPass();
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
