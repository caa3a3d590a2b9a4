import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { readCredentials } from "./credentials";
import { switchProject } from "./switch-project";

/**
 * Topics (DECISIONS §13): the Topics page in a project of its own, and the preference center a
 * campaign email's unsubscribe link opens, at a phone's width and a desktop's.
 */
const { projectName, topics } = readCredentials();
const { lab, newsroom } = topics;

/** A full-page screenshot in this test's output folder, to look at. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

function api(request: APIRequestContext, key: string) {
  const headers = { Authorization: `Bearer ${key}` };
  return {
    get: async (path: string) => {
      const res = await request.get(`/api${path}`, { headers });
      expect(res.status(), await res.text()).toBe(200);
      return res.json();
    },
    post: async (path: string, data: unknown) => {
      const res = await request.post(`/api${path}`, { headers, data });
      expect(res.status(), await res.text()).toBeLessThan(300);
      return res.json();
    },
  };
}

test("the Topics page: create, edit, a refused delete of a topic in use, and a delete", async ({
  page,
  request,
}) => {
  // Many steps, each a round trip to a production build on a busy machine.
  test.setTimeout(120_000);
  await switchProject(page, projectName, lab.projectName);
  try {
    await page.getByRole("link", { name: "Topics", exact: true }).click();
    await expect(page.getByRole("heading", { name: "No topics yet" })).toBeVisible();
    await shoot(page, "topics-empty-1440");
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, "topics-empty-390");
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole("button", { name: "Create your first topic" }).click();
    let dialog = page.getByRole("dialog", { name: "New topic" });
    await dialog.getByLabel("Name").fill("Product updates");
    await dialog.getByLabel("Description").fill("New features, about once a month.");
    await dialog.getByRole("button", { name: "Create topic" }).click();
    await expect(dialog).toBeHidden();
    const table = page.getByRole("table");
    await expect(table.getByRole("row", { name: /Product updates/ })).toContainText(
      "Everyone until they leave",
    );

    await page.getByRole("button", { name: "New topic" }).click();
    dialog = page.getByRole("dialog", { name: "New topic" });
    await dialog.getByLabel("Name").fill("Events");
    await dialog.getByRole("radio", { name: "Only who joins" }).click();
    await expect(dialog.getByText("Only contacts who tick it")).toBeVisible();
    await dialog.getByRole("radio", { name: "Private" }).click();
    await dialog.getByRole("button", { name: "Create topic" }).click();
    await expect(dialog).toBeHidden();
    // The same name in another case is refused on the name field.
    await page.getByRole("button", { name: "New topic" }).click();
    dialog = page.getByRole("dialog", { name: "New topic" });
    await dialog.getByLabel("Name").fill("events");
    await dialog.getByRole("button", { name: "Create topic" }).click();
    await expect(dialog.getByText('A topic named "events" already exists')).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "Actions for Events" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    dialog = page.getByRole("dialog", { name: "Edit topic" });
    await expect(dialog.getByRole("radio", { name: "Private" })).toBeChecked();
    await dialog.getByLabel("Name").fill("Events and meetups");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog).toBeHidden();
    const events = table.getByRole("row", { name: /Events and meetups/ });
    await expect(events).toContainText("Only who joins");
    await expect(events).toContainText("Private");

    // A draft campaign about "Product updates" holds it.
    const lab_ = api(request, lab.key);
    const list = await lab_.get("/v1/topics");
    const updates = list.data.find((t: { name: string }) => t.name === "Product updates");
    await lab_.post("/v1/campaigns", {
      name: "Spring launch",
      subject: "Spring launch",
      from_name: "Lab",
      from_email: "news@lab.test",
      topic: updates.id,
    });
    await page.reload();
    await shoot(page, "topics-filled-1440");
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, "topics-filled-390");
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole("button", { name: "Actions for Product updates" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    let confirm = page.getByRole("alertdialog", { name: "Delete this topic?" });
    await confirm.getByRole("button", { name: "Delete topic" }).click();
    await expect(confirm.getByRole("alert")).toContainText('campaign "Spring launch"');
    await shoot(page, "topics-in-use");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(table.getByRole("row", { name: /Product updates/ })).toBeVisible();

    await page.getByRole("button", { name: "Actions for Events and meetups" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    confirm = page.getByRole("alertdialog", { name: "Delete this topic?" });
    await confirm.getByRole("button", { name: "Delete topic" }).click();
    await expect(confirm).toBeHidden();
    await expect(table.getByRole("row", { name: /Events and meetups/ })).toHaveCount(0);
  } finally {
    await switchProject(page, lab.projectName, projectName);
  }
});

test.describe("the preference center", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  const reader = (request: APIRequestContext) => api(request, newsroom.key);
  const subscriptionOf = async (request: APIRequestContext, topicId: string) => {
    const { data } = await reader(request).get(`/v1/contacts/${newsroom.contactId}/topics`);
    return data.find((t: { id: string }) => t.id === topicId);
  };

  for (const width of [390, 1440]) {
    test(`saves a reader's topics and unsubscribes from everything (${width} px)`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.goto(`/u/${newsroom.token}`);
      await expect(
        page.getByRole("heading", { name: `Choose what ${newsroom.projectName} sends you` }),
      ).toBeVisible();
      const updates = page.getByRole("checkbox", { name: /^Product updates/ });
      const events = page.getByRole("checkbox", { name: /^Events and webinars/ });
      await expect(updates).toBeChecked();
      await expect(events).toBeChecked();
      // Private topics are never listed.
      await expect(page.getByText("Beta testers")).toHaveCount(0);
      // Nothing is wider than the screen.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await shoot(page, `preferences-${width}`);

      await events.uncheck();
      await page.getByRole("button", { name: "Save preferences" }).click();
      await expect(page.getByText("Your preferences are saved.")).toBeVisible();
      await expect(page.getByRole("checkbox", { name: /^Events and webinars/ })).not.toBeChecked();
      await shoot(page, `preferences-saved-${width}`);
      expect(await subscriptionOf(request, newsroom.topics.events)).toMatchObject({
        subscription: "opt_out",
        explicit: true,
      });
      expect(await subscriptionOf(request, newsroom.topics.updates)).toMatchObject({
        subscription: "opt_in",
      });

      await page.getByRole("button", { name: "Unsubscribe from everything" }).click();
      await expect(
        page.getByRole("heading", { name: `You're unsubscribed from ${newsroom.projectName}` }),
      ).toBeVisible();
      await shoot(page, `preferences-unsubscribed-${width}`);
      const contact = await reader(request).get(`/v1/contacts/${newsroom.contactId}`);
      expect(contact.subscribed).toBe(false);

      // Back as it was, for the other width.
      await page.getByRole("button", { name: "Resubscribe" }).click();
      // A contact with topics comes back to the preference center, saying so.
      await expect(page.getByText("You're subscribed again.")).toBeVisible();
      await page.getByRole("checkbox", { name: /^Events and webinars/ }).check();
      await page.getByRole("button", { name: "Save preferences" }).click();
      await expect(page.getByText("Your preferences are saved.")).toBeVisible();
    });
  }
});

test("the contact page shows the reader's topics and flips one", async ({ page }) => {
  await switchProject(page, projectName, newsroom.projectName);
  try {
    await page.goto(`/contacts/${newsroom.contactId}`);
    const card = page.getByRole("list", { name: "Topics" });
    const beta = card.getByRole("switch", { name: /Beta testers/ });
    await expect(beta).toBeChecked();
    await expect(card.getByRole("listitem").filter({ hasText: "Beta testers" })).toContainText(
      "Default",
    );
    await beta.click();
    await expect(beta).not.toBeChecked();
    await expect(card.getByRole("listitem").filter({ hasText: "Beta testers" })).toContainText(
      "Their choice",
    );
    await shoot(page, "contact-topics-1440");
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, "contact-topics-390");
  } finally {
    await page.setViewportSize({ width: 1440, height: 900 });
    await switchProject(page, newsroom.projectName, projectName);
  }
});
