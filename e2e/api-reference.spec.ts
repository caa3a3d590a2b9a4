import { expect, test } from "@playwright/test";

/**
 * Issue 14 item 2: the public API reference at /docs/api renders the generated OpenAPI document
 * with Scalar, bundled: nothing is fetched from another host, its own CSP is not violated, and
 * the "try it" client calls this server directly (no proxy).
 */
test.use({ storageState: { cookies: [], origins: [] } });

test("the API reference renders the operations without leaving this server", async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const offsite: string[] = [];
  const violations: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(`${origin}/`) && !request.url().startsWith("data:")) {
      offsite.push(request.url());
    }
  });
  page.on("console", (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `Content-Security-Policy violation: ${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });

  const response = await page.goto("/docs/api");
  expect(response?.status()).toBe(200);
  // Signed out, and still here: the reference is public.
  expect(new URL(page.url()).pathname).toBe("/docs/api");
  const csp = response!.headers()["content-security-policy"]!;
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("connect-src 'self'");
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'(;|$)/);
  expect(csp).not.toContain("unsafe-eval");
  expect(response!.headers()["x-frame-options"]).toBe("DENY");

  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Mailwright API" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/overview");

  // The sidebar lists the operations from the document; opening one shows its section.
  await page.getByRole("link", { name: "Send an email" }).first().click();
  await expect(page.getByRole("heading", { name: "Send an email" })).toBeVisible();
  await page.getByRole("button", { name: "Open Group - Contacts" }).click();
  await page.getByRole("link", { name: "List contacts" }).first().click();
  await expect(page.getByRole("heading", { name: "List contacts" })).toBeVisible();

  // "Try it" sends from the browser to this server's API: without a key, our 401.
  await page.getByRole("link", { name: "Send an email" }).first().click();
  await page
    .getByRole("button", { name: /Test Request/ })
    .first()
    .click();
  const sent = page.waitForResponse(
    (answer) => answer.url() === `${origin}/api/v1/send` && answer.request().method() === "POST",
  );
  await page.getByRole("button", { name: /Send post request/ }).click();
  expect((await sent).status()).toBe(401);

  await page.waitForLoadState("networkidle");
  expect(offsite).toEqual([]);
  expect(violations).toEqual([]);
});

test("the overview and API keys pages link to the API reference", async ({ browser }) => {
  const context = await browser.newContext({ storageState: "e2e/.auth/user.json" });
  const page = await context.newPage();
  await page.goto("/overview");
  await page.getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole("heading", { name: "Mailwright API" })).toBeVisible();
  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto("/settings/api-keys");
  await expect(page.getByRole("link", { name: "API reference" })).toHaveAttribute(
    "href",
    "/docs/api",
  );
  await context.close();
});
