import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import { createLiveKey } from "./api-key";

/**
 * Issue 10 item 6: framing, sniffing and referrer headers on every kind of response, a per-request
 * content security policy on the dashboard, and no page that breaks it (every dashboard page is
 * walked with a listener for CSP violations, in the page and in its preview iframes).
 */
function expectCommonHeaders(headers: Record<string, string>, referrer: string) {
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe(referrer);
}

test("the dashboard, sign-in, hosted pages and the API send the security headers", async ({
  page,
  baseURL,
}) => {
  const first = await page.goto("/overview");
  const headers = first!.headers();
  expectCommonHeaders(headers, "strict-origin-when-cross-origin");
  const csp = headers["content-security-policy"]!;
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).not.toContain("unsafe-eval");
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  // Next put this request's nonce on its scripts, and a new request gets a new one.
  expect(await page.locator(`script[nonce]`).count()).toBeGreaterThan(0);
  const second = await page.goto("/overview");
  expect(second!.headers()["content-security-policy"]).not.toContain(nonce!);

  // Signed out: the sign-in page, a hosted page and the API.
  const anonymous = await playwrightRequest.newContext({ baseURL });
  const login = await anonymous.get("/login");
  expect(login.status()).toBe(200);
  expectCommonHeaders(login.headers(), "strict-origin-when-cross-origin");
  expect(login.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");

  const hosted = await anonymous.get("/u/not-a-real-token");
  expectCommonHeaders(hosted.headers(), "no-referrer");
  const hostedCsp = hosted.headers()["content-security-policy"]!;
  expect(hostedCsp).toContain("default-src 'none'");
  expect(hostedCsp).toContain("frame-ancestors 'none'");

  const api = await anonymous.get("/api/v1/contacts");
  expect(api.status()).toBe(401);
  expectCommonHeaders(api.headers(), "strict-origin-when-cross-origin");

  const click = await anonymous.get("/api/t/c/forged?u=https%3A%2F%2Fexample.com&s=x", {
    maxRedirects: 0,
  });
  expect(click.headers()["referrer-policy"]).toBe("no-referrer");

  // A NUL in a page's id is a 404, not a failed lookup.
  const nul = await anonymous.get("/contacts/%00", { maxRedirects: 0 });
  expect(nul.status()).toBe(404);
  expect((await anonymous.get("/contacts?email=%00", { maxRedirects: 0 })).status()).toBe(404);
  await anonymous.dispose();
});

/** Collects CSP violations from the console (page and frames) and the DOM event. */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) {
      violations.push(`${page.url()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => {
    if (/Content.Security.Policy/i.test(error.message)) violations.push(error.message);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `Content-Security-Policy violation: ${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

test("no dashboard page breaks the content security policy", async ({ page }) => {
  test.setTimeout(120_000);
  const key = await createLiveKey(page, `CSP walk ${Date.now()}`);
  const api = async (path: string, data: unknown) => {
    const response = await page.request.post(`/api/v1${path}`, {
      headers: { Authorization: `Bearer ${key}` },
      data,
    });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return (await response.json()) as { id: string };
  };
  const contact = await api("/contacts", { email: `csp.${Date.now()}@example.com`, name: "CSP" });
  const template = await api("/templates", {
    name: `CSP template ${Date.now()}`,
    format: "html",
    subject: "Hi",
    source: '<p>Hi <img src="https://images.example.com/logo.png" alt="logo"></p>',
  });
  // The blocks editor reaches into its preview frame (click-to-select outlines).
  const blocksTemplate = await api("/templates", {
    name: `CSP blocks ${Date.now()}`,
    format: "blocks",
    subject: "Hi",
    source: JSON.stringify({ blocks: [{ type: "heading", text: "Hello" }] }),
  });
  const segment = await api("/segments", {
    name: `CSP segment ${Date.now()}`,
    conditions: { rules: [{ field: "data.plan", operator: "exists" }] },
  });
  const automation = await api("/automations", {
    name: `CSP automation ${Date.now()}`,
    steps: [
      { id: "wait", type: "delay", delayMinutes: 5, next: "mail" },
      { id: "mail", type: "email", templateId: template.id, next: null },
    ],
  });
  const campaign = await api("/campaigns", {
    name: `CSP campaign ${Date.now()}`,
    subject: "Hi",
    from_name: "Acme",
    from_email: "news@mail.test",
    template: template.id,
  });
  const webhook = await api("/webhooks", { url: "https://hooks.example.com/in" });
  const email = await api("/send", {
    from: "hello@mail.test",
    to: "csp@example.com",
    subject: "CSP",
    html: "<p>Hello</p>",
  });

  const violations = await watchViolations(page);
  const pages = [
    "/overview",
    "/contacts",
    `/contacts/${contact.id}`,
    "/contacts/import",
    "/segments",
    "/segments/new",
    `/segments/${segment.id}`,
    "/templates",
    `/templates/${template.id}`,
    `/templates/${blocksTemplate.id}`,
    "/campaigns",
    "/campaigns/new",
    `/campaigns/${campaign.id}`,
    "/automations",
    `/automations/${automation.id}`,
    `/automations/${automation.id}/runs`,
    "/emails",
    `/emails/${email.id}`,
    "/suppressions",
    "/settings/general",
    "/settings/api-keys",
    "/settings/domains",
    "/settings/webhooks",
    `/settings/webhooks/${webhook.id}`,
    // Public, with its own narrower policy; Scalar renders the reference under it.
    "/docs/api",
  ];
  for (const path of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await page.waitForLoadState("networkidle");
    // Client components (forms, the builder, charts) ran under the policy.
    await expect(page.getByRole("main")).toBeVisible();
  }
  // The automation builder drew its graph (xyflow), the template preview its frame.
  await page.goto(`/automations/${automation.id}`);
  await expect(page.locator(".react-flow__node").first()).toBeVisible();
  await page.goto(`/templates/${template.id}`);
  await expect(page.locator("iframe").first()).toBeAttached();
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});
