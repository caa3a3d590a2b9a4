import { expect, test, type APIRequestContext } from "@playwright/test";
import { createLiveKey } from "./api-key";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** POST through the API with the key; the created resource's id. */
async function create(request: APIRequestContext, key: string, path: string, data: unknown) {
  const response = await request.post(`/api/v1${path}`, {
    headers: { Authorization: `Bearer ${key}` },
    data,
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { id: string }).id;
}

test("a contact's page tells its campaign email, the automation that tagged it and its unsubscribe", async ({
  page,
  request,
}) => {
  const key = await createLiveKey(page, `E2E story ${unique()}`);
  const headers = { Authorization: `Bearer ${key}` };
  const run = unique();
  const email = `story.${run}@example.com`;
  const tag = `vip-${run}`;
  const contactId = await create(request, key, "/contacts", {
    email,
    name: "Story Reader",
    data: { cohort: run },
  });

  // A campaign to a segment of just this contact (other specs' contacts are not emailed).
  const segmentId = await create(request, key, "/segments", {
    name: `Cohort ${run}`,
    conditions: { rules: [{ field: "data.cohort", operator: "equals", value: run }] },
  });
  const templateId = await create(request, key, "/templates", {
    name: `Story ${run}`,
    format: "html",
    source: '<p>Hello</p><p><a href="https://example.com/pricing">See pricing</a></p>',
  });
  const campaignName = `Story news ${run}`;
  const campaignId = await create(request, key, "/campaigns", {
    name: campaignName,
    subject: `News ${run}`,
    from_name: "Acme",
    from_email: "news@mail.test",
    template: templateId,
    target: "segment",
    segment: segmentId,
  });
  await create(request, key, `/campaigns/${campaignId}/send`, {});

  // An automation that tags the contact when an event is recorded for it.
  const automationName = `Tag engaged ${run}`;
  const event = `e2e.story.${run}`;
  const automationId = await create(request, key, "/automations", {
    name: automationName,
    trigger: { event: "event", name: event },
    steps: [{ type: "action", action: "add-tag", tag }],
  });
  const live = await request.patch(`/api/v1/automations/${automationId}`, {
    headers,
    data: { status: "live" },
  });
  expect(live.status()).toBe(200);
  await create(request, key, "/events", { name: event, email });

  // The campaign email reaches the contact; it unsubscribes with the email's own link.
  let emailId = "";
  await expect(async () => {
    const list = await request.get("/api/v1/emails?type=campaign&limit=100", { headers });
    const found = ((await list.json()) as { data: { id: string; to: string }[] }).data.find(
      (e) => e.to === email,
    );
    expect(found).toBeDefined();
    emailId = found!.id;
  }).toPass({ timeout: 20_000 });
  const detail = (await (await request.get(`/api/v1/emails/${emailId}`, { headers })).json()) as {
    html: string;
  };
  const unsubscribeUrl = detail.html.match(/https?:\/\/[^"'\s]+\/u\/[A-Za-z0-9]{32}/)?.[0];
  expect(unsubscribeUrl).toBeDefined();
  const unsubscribe = await request.post(new URL(unsubscribeUrl!).pathname, {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(unsubscribe.status()).toBe(200);

  // Everything is on the contact's page, newest first.
  await page.goto(`/contacts/${contactId}`);
  const activity = page.getByRole("list", { name: "Activity" });
  await expect(async () => {
    await page.reload();
    await expect(activity.getByText("Tag added")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const unsubscribed = activity.getByRole("listitem").filter({ hasText: "Unsubscribed" });
  await expect(unsubscribed).toContainText(
    `With the link in News ${run} (campaign ${campaignName})`,
  );
  await expect(unsubscribed.getByRole("link", { name: campaignName })).toHaveAttribute(
    "href",
    `/campaigns/${campaignId}`,
  );
  await expect(activity.getByRole("link", { name: automationName })).toHaveAttribute(
    "href",
    new RegExp(`^/automations/${automationId}/runs/run_`),
  );
  await expect(activity.getByRole("list", { name: `Steps of ${automationName}` })).toContainText(
    `Add tag ${tag}`,
  );
  await expect(activity.getByRole("link", { name: `News ${run}` }).first()).toHaveAttribute(
    "href",
    `/emails/${emailId}`,
  );
  await expect(activity.getByText(event)).toBeVisible();
  await expect(activity.getByText("Added to contacts")).toBeVisible();
  await expect(page.getByText("Unsubscribed", { exact: true }).first()).toBeVisible();

  // The automation's tag is a chip; a marketer adds and removes one by hand.
  const tags = page.getByRole("list", { name: "Tags" });
  await expect(tags.getByText(tag)).toBeVisible();
  await page.getByRole("textbox", { name: "New tag" }).fill("hand-picked");
  await page.getByRole("button", { name: "Add tag" }).click();
  await expect(tags.getByText("hand-picked")).toBeVisible();
  await page.getByRole("button", { name: "Remove tag hand-picked" }).click();
  await expect(tags.getByText("hand-picked")).toHaveCount(0);

  // A "Tags include" segment finds the contact, and the contact's page lists it.
  const segmentName = `Tagged ${run}`;
  await page.goto("/segments/new");
  await page.getByLabel("Name").fill(segmentName);
  await page.getByRole("combobox", { name: "Rule 1 field" }).click();
  await page.getByRole("option", { name: "Tags" }).click();
  await page.getByRole("textbox", { name: "Rule 1 value" }).fill(tag);
  const matching = page.getByRole("status").filter({ hasText: "Campaigns to this segment" });
  await expect(matching).toContainText("1 contact matches");
  await expect(page.getByRole("link", { name: email })).toBeVisible();
  await page.getByRole("button", { name: "Create segment" }).click();
  await expect(page).toHaveURL(/\/segments\/seg_/);
  await page.goto(`/contacts/${contactId}`);
  await expect(
    page.getByRole("list", { name: "Segments" }).getByRole("link", { name: segmentName }),
  ).toBeVisible();

  // The contacts table shows the tag too.
  await page.goto("/contacts");
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText(tag);
});

test("a fresh contact's page says when it was added and how the rest arrives", async ({
  page,
  request,
}) => {
  const key = await createLiveKey(page, `E2E fresh ${unique()}`);
  const email = `fresh.${unique()}@example.com`;
  const contactId = await create(request, key, "/contacts", { email });
  await page.goto(`/contacts/${contactId}`);
  const activity = page.getByRole("list", { name: "Activity" });
  // Other specs leave live automations in this project (a new contact may enter one), so the
  // oldest entry is checked rather than a count.
  await expect(activity.getByRole("listitem").last()).toContainText("Added to contacts");
  await expect(activity).not.toContainText(/Delivered|Opened|Clicked/);
  await expect(page.getByText("No tags yet.")).toBeVisible();
});
