import { expect, test } from "@playwright/test";

// Settings → Members end to end: an admin invites, the invitee joins in a browser of their own
// and sees a member's dashboard, the admin removes them and their next navigation signs them out.
test("an invited member joins, works without admin settings, and is removed", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `joiner-${Date.now()}@example.com`;
  await page.goto("/settings/members");
  await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  await page.getByRole("button", { name: "Invite member" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite a member" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Create invite link" }).click();
  const link = page.getByLabel(`Invite link for ${email} (member)`);
  await expect(link).toHaveValue(/\/invite\/[0-9A-Za-z]{43}$/);
  const url = await link.inputValue();
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("cell", { name: email, exact: true })).toBeVisible();

  // The invitee: a fresh browser context, no session.
  const invitee = await browser.newContext({ baseURL, storageState: undefined });
  const theirs = await invitee.newPage();
  await theirs.goto(url);
  await expect(theirs.getByRole("heading", { name: "Join Acme Inc" })).toBeVisible();
  await theirs.getByLabel("Your name").fill("Jo Iner");
  await theirs.getByLabel("Choose a password").fill("a long enough password");
  await theirs.getByRole("button", { name: "Create account and join" }).click();
  await expect(theirs).toHaveURL(/\/overview$/);
  // No pointers into admin-only settings for a member (the overview's key card and steps).
  await expect(theirs.locator('a[href="/settings/api-keys"]')).toHaveCount(0);

  // A member's dashboard: daily work yes, admin settings no (and refused if opened directly).
  const nav = theirs.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Contacts" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Members" })).toBeVisible();
  for (const name of ["General", "API keys", "Domains", "Webhooks"]) {
    await expect(nav.getByRole("link", { name })).toHaveCount(0);
  }
  await theirs.goto("/settings/api-keys");
  await expect(
    theirs.getByRole("heading", { name: "Only an admin can manage API keys." }),
  ).toBeVisible();
  await expect(theirs.getByRole("button", { name: "Create API key" })).toHaveCount(0);
  await theirs.goto("/settings/members");
  await expect(theirs.getByRole("button", { name: "Invite member" })).toHaveCount(0);
  // The link worked once.
  await theirs.goto(url);
  await expect(
    theirs.getByRole("heading", { name: "This invitation can’t be used" }),
  ).toBeVisible();

  // The admin removes them.
  await page.reload();
  await page.getByRole("button", { name: `Actions for ${email}` }).click();
  await page.getByRole("menuitem", { name: "Remove from project" }).click();
  await page.getByRole("button", { name: "Remove member" }).click();
  // The dialog closes once the removal is done; while it is open, the modal hides the row's
  // button from the page's roles, so a count of 0 alone could pass before the removal.
  await expect(page.getByRole("alertdialog")).toBeHidden();
  await expect(page.getByRole("button", { name: `Actions for ${email}` })).toHaveCount(0);

  // Their very next navigation lands on the sign-in page.
  await theirs.goto("/contacts");
  await expect(theirs).toHaveURL(/\/login\?callbackUrl=%2Fcontacts$/);
  await invitee.close();
});
