import { expect, test, type APIRequestContext } from "@playwright/test";
import { createLiveKey } from "./api-key";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A contact enters: created, then the automation's trigger event recorded for it. */
async function enroll(request: APIRequestContext, key: string, event: string, email: string) {
  const headers = { Authorization: `Bearer ${key}` };
  const contact = await request.post("/api/v1/contacts", { headers, data: { email } });
  expect(contact.status()).toBe(201);
  const recorded = await request.post("/api/v1/events", { headers, data: { name: event, email } });
  expect(recorded.status()).toBe(201);
}

test("a contact's run shows in the builder's counts, the runs list and its timeline", async ({
  page,
  request,
}) => {
  const key = await createLiveKey(page, `E2E runs ${unique()}`);
  const headers = { Authorization: `Bearer ${key}` };
  // Its own trigger event, so contacts made by other specs never enter this automation.
  const event = `e2e.trial.${unique()}`;
  const name = `Trial nurture ${unique()}`;
  const created = await request.post("/api/v1/automations", {
    headers,
    data: {
      name,
      trigger: { event: "event", name: event },
      steps: [{ type: "delay", delayMinutes: 4320 }],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const live = await request.patch(`/api/v1/automations/${id}`, {
    headers,
    data: { status: "live" },
  });
  expect(live.status()).toBe(200);
  const first = `runner.${unique()}@example.com`;
  await enroll(request, key, event, first);

  // The builder counts the run; the executor puts it on the delay within a moment.
  await page.goto(`/automations/${id}`);
  await expect(page.getByRole("button", { name: /^Step 1: Delay, Wait 3 days/ })).toBeVisible();
  const flow = page.getByRole("region", { name: "Automation flow" });
  await expect(flow.getByText("1 contact entered", { exact: true })).toBeVisible();
  await expect(flow.getByText("1 waiting", { exact: true })).toBeVisible();
  await expect(flow.getByText("1 entered", { exact: true })).toBeVisible({ timeout: 15_000 });

  // The counts follow new runs while the page is open, without a reload.
  await enroll(request, key, event, `second.${unique()}@example.com`);
  await expect(flow.getByText("2 contacts entered", { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  const summary = page.getByRole("link", { name: /2 in progress · 0 completed/ });
  await expect(summary).toBeVisible();

  await summary.click();
  await expect(page).toHaveURL(new RegExp(`/automations/${id}/runs$`));
  await expect(page.getByRole("heading", { level: 1, name: "Runs" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: first });
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText("Delayed", { timeout: 1_000 });
  }).toPass();
  await expect(row).toContainText("Step 1 · Wait 3 days");
  await expect(row).toContainText("Resumes in 3 days");

  // A filter with no runs says so.
  await page
    .getByRole("navigation", { name: "Status filter" })
    .getByRole("link")
    .filter({
      hasText: "Completed",
    })
    .click();
  await expect(page.getByText("No runs match this filter")).toBeVisible();
  await page.getByRole("link", { name: "Show all runs" }).click();

  await row.getByRole("link", { name: `Delayed: open the run of ${first}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: first })).toBeVisible();
  await expect(page.getByText("Step 1 · Delay")).toBeVisible();
  await expect(page.getByText("Waiting 3 days")).toBeVisible();
  await expect(page.getByText(/^Moves on in 3 days/)).toBeVisible();

  // Back up: the runs, then the builder.
  await page.getByRole("link", { name: "Runs", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Runs" })).toBeVisible();
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("textbox", { name: "Automation name" })).toHaveValue(name);
});
