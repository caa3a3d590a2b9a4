import { expect, test, type Locator, type Page } from "@playwright/test";
import { createLiveKey } from "./api-key";

/**
 * Issue 13 item 8 (part A): the template editor handles like a product. Blocks move by drag and
 * drop (into a column too) and from the keyboard; a click in the preview selects its block; HTML
 * templates are edited in CodeMirror and saved.
 */

let apiKey: string;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage({ storageState: "e2e/.auth/user.json" });
  apiKey = await createLiveKey(page, `Editor e2e ${Date.now()}`);
  await page.close();
});

async function createTemplate(page: Page, data: Record<string, unknown>): Promise<string> {
  const response = await page.request.post("/api/v1/templates", {
    headers: { Authorization: `Bearer ${apiKey}` },
    data,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function openBlocksTemplate(page: Page) {
  const id = await createTemplate(page, {
    name: `Reorder ${Date.now()}`,
    subject: "Reorder",
    format: "blocks",
    source: JSON.stringify({
      blocks: [
        { type: "heading", text: "First heading" },
        { type: "text", text: "Second text" },
        { type: "text", text: "Third text" },
        {
          type: "columns",
          columns: [
            { blocks: [{ type: "text", text: "Left child" }] },
            { blocks: [{ type: "text", text: "Right child" }] },
          ],
        },
      ],
    }),
  });
  await page.goto(`/templates/${id}`);
  await expect(page.getByRole("list", { name: "Blocks" })).toBeVisible();
}

/** The block list's rows, in order (column children follow their columns block). */
function blockOrder(page: Page) {
  return page
    .getByRole("list", { name: "Blocks" })
    .locator("button[aria-pressed]")
    .evaluateAll((buttons) =>
      buttons.map((b) => b.getAttribute("aria-label")!.split(":")[1]!.trim()),
    );
}

/** A pointer drag of `source` to the upper or lower half of `target`, in small steps. */
async function drag(page: Page, source: Locator, target: Locator, half: "upper" | "lower") {
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 4 });
  const y = to.y + to.height * (half === "upper" ? 0.25 : 0.75);
  await page.mouse.move(to.x + to.width / 2, y, { steps: 12 });
  await page.mouse.up();
}

test("blocks move by drag and drop, into a column, and from the keyboard; the order is saved", async ({
  page,
}) => {
  await openBlocksTemplate(page);
  const row = (name: string) => page.getByRole("button", { name: new RegExp(`^\\w+: ${name}$`) });
  expect(await blockOrder(page)).toEqual([
    "First heading",
    "Second text",
    "Third text",
    "2 columns",
    "Left child",
    "Right child",
  ]);

  // Within the top level: the third block to the top.
  await drag(page, row("Third text"), row("First heading"), "upper");
  await expect
    .poll(() => blockOrder(page))
    .toEqual([
      "Third text",
      "First heading",
      "Second text",
      "2 columns",
      "Left child",
      "Right child",
    ]);
  await expect(page.getByRole("status").filter({ hasText: "Unsaved changes" })).toBeVisible();

  // Into a column: below the left column's child.
  await drag(page, row("Second text"), row("Left child"), "lower");
  await expect
    .poll(() => blockOrder(page))
    .toEqual([
      "Third text",
      "First heading",
      "2 columns",
      "Left child",
      "Second text",
      "Right child",
    ]);

  // The keyboard: the heading's grip, Space to pick up, ArrowUp, Space to drop.
  const grip = page.getByRole("button", { name: "Drag to move Heading" });
  // Each key waits for dnd-kit's announcement: a key pressed before the last one took effect is
  // lost under load.
  const announced = (text: RegExp) =>
    expect(page.getByRole("status").filter({ hasText: text })).toBeAttached();
  await grip.focus();
  await page.keyboard.press("Space");
  await announced(/First heading” is over .*First heading/);
  await page.keyboard.press("ArrowUp");
  await announced(/First heading” is over .*Third text/);
  await page.keyboard.press("Space");
  await announced(/was dropped/);
  await expect
    .poll(() => blockOrder(page))
    .toEqual([
      "First heading",
      "Third text",
      "2 columns",
      "Left child",
      "Second text",
      "Right child",
    ]);

  // The move buttons still work too.
  await row("Third text").click();
  await page.getByRole("button", { name: "Move Text down" }).first().click();
  await expect
    .poll(() => blockOrder(page))
    .toEqual([
      "First heading",
      "2 columns",
      "Left child",
      "Second text",
      "Right child",
      "Third text",
    ]);

  // The preview follows, and the order survives a save and a reload.
  const preview = page.frameLocator('iframe[title="Email preview"]');
  await expect(preview.locator("td").filter({ hasText: /^Left child\s*Second text$/ })).toHaveCount(
    1,
  );
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
  await page.reload();
  expect(await blockOrder(page)).toEqual([
    "First heading",
    "2 columns",
    "Left child",
    "Second text",
    "Right child",
    "Third text",
  ]);
});

test("a click on a block in the preview selects it in the editor", async ({ page }) => {
  await openBlocksTemplate(page);
  const preview = page.frameLocator('iframe[title="Email preview"]');

  await preview.getByText("Right child").click();
  await expect(page.getByRole("button", { name: "Text: Right child" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByRole("textbox", { name: "Text", exact: true })).toHaveValue("Right child");
  // The selected block is outlined in the preview.
  await expect(preview.locator("[data-mw-selected]")).toHaveText("Right child");

  await preview.getByRole("heading", { name: "First heading" }).click();
  await expect(page.getByRole("button", { name: "Heading: First heading" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(preview.locator("[data-mw-selected]")).toHaveText("First heading");

  // Selecting in the list outlines the block in the preview.
  await page.getByRole("button", { name: "Text: Second text" }).click();
  await expect(preview.locator("[data-mw-selected]")).toHaveText("Second text");
});

test("an HTML template is edited in the code editor, undone, saved and reloaded", async ({
  page,
}) => {
  const id = await createTemplate(page, {
    name: `Code ${Date.now()}`,
    subject: "Code",
    format: "html",
    source: "<html>\n<body>\n<p>Hello</p>\n</body>\n</html>",
  });
  await page.goto(`/templates/${id}`);
  const code = page.getByRole("textbox", { name: "HTML source" });
  await expect(code).toBeVisible();
  await expect(page.locator(".cm-lineNumbers")).toBeVisible();

  await code.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type("\n<p>Undo me</p>");
  await expect(code).toContainText("Undo me");
  await page.keyboard.press("ControlOrMeta+z");
  await expect(code).not.toContainText("Undo me");

  await page.keyboard.type("\n<p>Typed in the code editor</p>");
  await expect(page.getByRole("status").filter({ hasText: "Unsaved changes" })).toBeVisible();
  const preview = page.frameLocator('iframe[title="Email preview"]');
  await expect(preview.getByText("Typed in the code editor")).toBeVisible();

  // Ctrl/Cmd+S from inside the editor saves.
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("textbox", { name: "HTML source" })).toContainText(
    "Typed in the code editor",
  );
});

test("an HTML template with a script warns in the editor, still saves, and the warning leaves with the script", async ({
  page,
}) => {
  const id = await createTemplate(page, {
    name: `Script ${Date.now()}`,
    subject: "Script",
    format: "html",
    source: "<html>\n<body>\n<p>Hello</p>\n<script>track()</script>\n</body>\n</html>",
  });
  await page.goto(`/templates/${id}`);
  const warning = page.getByRole("status").filter({ hasText: "Scripts don't run in email" });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText("<script> (line 4): email clients remove scripts");

  // A warning, not an error: the template saves as written.
  const code = page.getByRole("textbox", { name: "HTML source" });
  await code.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type("\nBye");
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
  await expect(warning).toBeVisible();

  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Plain text only");
  await expect(code).toContainText("Plain text only");
  await expect(warning).toBeHidden();
});
