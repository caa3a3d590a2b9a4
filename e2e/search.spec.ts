import fs from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createLiveKey } from "./api-key";

// Finding things: contact search by part of an email or name, the Emails log's filters (and its
// status select on a phone), a segment's members paged and exported. Data is unique per run.
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function addContact(request: APIRequestContext, key: string, body: object) {
  const res = await request.post("/api/v1/contacts", {
    headers: { Authorization: `Bearer ${key}` },
    data: body,
  });
  expect(res.status()).toBe(201);
}

test("contacts are found by part of their email or their name, and the export follows the search", async ({
  page,
  request,
}) => {
  const key = await createLiveKey(page, `E2E search ${stamp()}`);
  const tag = stamp();
  await addContact(request, key, { email: `ana.silva${tag}@example.com` });
  await addContact(request, key, { email: `a${tag}@example.com`, name: `Ana Silva${tag}` });
  await addContact(request, key, { email: `other${tag}@example.com`, name: "Somebody Else" });

  await page.goto("/contacts");
  const search = page.getByRole("searchbox", { name: "Search by email or name" });
  await search.fill(`SILVA${tag}`);
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`search=SILVA${tag}`));
  const link = (email: string) => page.getByRole("link", { name: email, exact: true });
  await expect(link(`ana.silva${tag}@example.com`)).toBeVisible();
  await expect(link(`a${tag}@example.com`)).toBeVisible();
  await expect(link(`other${tag}@example.com`)).toBeHidden();
  await expect(page.getByText("2 contacts match")).toBeVisible();

  await page.getByRole("button", { name: "Export" }).click();
  const item = page.getByRole("menuitem", { name: "2 matching contacts" });
  await expect(item).toHaveAttribute("href", `/contacts/export?search=SILVA${tag}`);
  const [download] = await Promise.all([page.waitForEvent("download"), item.click()]);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  expect(csv.trim().split("\n")).toHaveLength(3);
  expect(csv).not.toContain(`other${tag}`);
});

test("the Emails log searches by recipient and filters by type and date, all in the URL", async ({
  page,
  request,
}) => {
  const key = await createLiveKey(page, `E2E emails ${stamp()}`);
  const tag = stamp();
  for (const who of ["first", "second"]) {
    const sent = await request.post("/api/v1/send", {
      headers: { Authorization: `Bearer ${key}` },
      data: {
        from: "Acme <hello@mail.test>",
        to: `${who}.${tag}@example.com`,
        subject: "Hi",
        html: "<p>Hi</p>",
      },
    });
    expect(sent.ok()).toBe(true);
  }

  await page.goto("/emails");
  const search = page.getByRole("searchbox", { name: "Search by recipient" });
  await search.fill(tag);
  await search.press("Enter");
  await expect(page).toHaveURL(`/emails?search=${tag}`);
  await expect(page.getByRole("link", { name: `first.${tag}@example.com` })).toBeVisible();
  await expect(page.getByRole("link", { name: `second.${tag}@example.com` })).toBeVisible();

  await page.getByText("Filters", { exact: true }).click();
  await page.getByLabel("Type").selectOption("campaign");
  await expect(page).toHaveURL(`/emails?type=campaign&search=${tag}`);
  await expect(page.getByText("No emails match these filters.")).toBeVisible();

  await page.getByLabel("Type").selectOption("transactional");
  await expect(page.getByRole("link", { name: `first.${tag}@example.com` })).toBeVisible();
  await page.getByLabel("Sent from").fill("2999-01-01");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(`/emails?type=transactional&search=${tag}&since=2999-01-01`);
  await expect(page.getByText("No emails match these filters.")).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).first().click();
  await expect(page).toHaveURL(`/emails?search=${tag}`);
});

test("on a phone the status filter is a select that applies itself", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/emails");
  await expect(page.getByRole("navigation", { name: "Status filter" })).toBeHidden();
  await page.getByRole("combobox", { name: "Status" }).selectOption("bounced");
  await expect(page).toHaveURL("/emails?status=bounced");
  // Nothing on the page is wider than the phone.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});

test("a segment page lists every member, paged, and exports them as CSV", async ({
  page,
  request,
}) => {
  const key = await createLiveKey(page, `E2E segment ${stamp()}`);
  const tag = stamp();
  for (let i = 1; i <= 27; i++) {
    await addContact(request, key, { email: `member${i}.${tag}@example.com` });
  }
  const created = await request.post("/api/v1/segments", {
    headers: { Authorization: `Bearer ${key}` },
    data: {
      name: `Members ${tag}`,
      conditions: { match: "all", rules: [{ field: "email", operator: "contains", value: tag }] },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/segments/${id}`);
  const members = page.getByRole("region", { name: "Members" });
  await expect(members.getByText("27 contacts match the saved rules")).toBeVisible();
  await expect(members.getByRole("link", { name: `member27.${tag}@example.com` })).toBeVisible();
  await expect(members.getByRole("row")).toHaveCount(26); // header + 25
  await members.getByRole("link", { name: "Next page" }).click();
  await expect(members.getByRole("link", { name: `member1.${tag}@example.com` })).toBeVisible();
  await expect(members.getByRole("row")).toHaveCount(3);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    members.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^contacts-members-${tag}-`));
  const csv = fs.readFileSync((await download.path())!, "utf8");
  expect(csv.trim().split("\n")).toHaveLength(28);
});
