import { generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isMethodNotAllowedHandler } from "@/lib/web/api-handler";
import { snsClient } from "@/lib/providers/sns-fetch";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { caseArbitrary, type FuzzCase, type FuzzFixtures } from "../../support/fuzz-cases";
import { allRoutes } from "../../support/router";

/**
 * Throws seeded, malformed requests at every route under app/ (a new route is fuzzed without
 * touching this file): the /api/v1 routes, the hosted pages (/u, /confirm), tracking (/api/t) and
 * the provider webhooks, with every method each route exports. Fails on any 5xx, and on an API
 * answer without X-Request-Id or a 4xx without the DECISIONS §3 error body.
 *   MW_FUZZ_SEED=<n>  replays a run (the seed is printed);  MW_FUZZ_RUNS=<n> cases per method.
 * Dashboard route handlers (session cookies, wherever they live) and Auth.js's own routes are
 * left to e2e.
 */
const SEED = Number(process.env.MW_FUZZ_SEED ?? 20_260_610);
const RUNS = Number(process.env.MW_FUZZ_RUNS ?? 120);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

let app: TestApp;
let project: TestProject;
const fixtures: FuzzFixtures = { ids: [], cursorTags: [], keys: { live: "", test: "" } };

beforeAll(async () => {
  // Configured secrets, so provider webhooks are fuzzed past "not configured" into verification.
  app = await startTestApp({
    clock: "fake",
    dns: { resolveTxt: async () => [] },
    config: {
      resendWebhookSecret: "whsec_" + Buffer.from("fuzz-secret-fuzz-secret").toString("base64"),
      sesSnsTopicArns: ["arn:aws:sns:eu-west-1:123456789012:fuzz"],
      postmarkWebhookUser: "fuzz",
      postmarkWebhookPassword: "fuzz-password",
      mailgunWebhookSigningKey: "key-fuzz",
      sendgridWebhookPublicKey: generateKeyPairSync("ec", { namedCurve: "prime256v1" })
        .publicKey.export({ type: "spki", format: "der" })
        .toString("base64"),
    },
  });
  // SNS is never reached from the fuzz: any certificate fetch is an HTTP 404.
  app.runtime.caches.sns = snsClient(async () => ({ status: 404, body: "" }));
  project = await app.createProject();
  fixtures.keys = { live: project.live, test: project.test };
  const post = async (path: string, body: unknown) => {
    const res = await app.api(path, { method: "POST", key: project.live, body });
    expect(res.status, `${path}: ${res.text}`).toBeLessThan(300);
    return res.body as { id?: string };
  };
  for (let i = 0; i < 3; i++) {
    await post("/v1/contacts", { email: `fz${i}@example.com`, data: { plan: "pro", n: i } });
    await post("/v1/segments", { name: `S${i}`, conditions: { rules: [] } });
    await post("/v1/suppressions", { email: `sup${i}@example.com` });
  }
  const template = await post("/v1/templates", { name: "T", format: "html", source: "<p>Hi</p>" });
  await post("/v1/campaigns", {
    name: "C",
    subject: "S",
    from_name: "F",
    from_email: "news@mail.test",
    template: template.id,
  });
  await post("/v1/automations", {
    name: "A",
    steps: [{ type: "email", templateId: template.id, next: null }],
  });
  await post("/v1/webhooks", { url: "https://h.example.com/in" });
  await app.api("/v1/send", {
    method: "POST",
    key: project.test,
    body: { from: "a@mail.test", to: "fz0@example.com", subject: "S", html: "<p>x</p>" },
  });
  await post("/v1/events", { name: "fz.happened", email: "fz1@example.com" });
  // Ids and cursors from the lists, so cases reach past the lookup into parsing.
  for (const list of ["contacts", "segments", "templates", "campaigns", "automations"]) {
    const page = await app.api(`/v1/${list}?limit=1`, { key: project.live });
    for (const item of page.body?.data ?? []) fixtures.ids.push(item.id);
    if (page.body?.next_cursor) {
      const decoded = JSON.parse(Buffer.from(page.body.next_cursor, "base64url").toString());
      fixtures.cursorTags.push(decoded[2]);
    }
  }
  for (const list of ["webhooks", "emails", "domains", "suppressions"]) {
    const page = await app.api(`/v1/${list}`, { key: project.live });
    for (const item of page.body?.data ?? []) fixtures.ids.push(item.id ?? item.email);
  }
}, 120_000);

afterAll(async () => {
  await app?.close();
});

type Outcome = { fuzzCase: FuzzCase; route: string; status: number; problem: string };

function isErrorBody(body: unknown): boolean {
  const error = (body as { error?: Record<string, unknown> } | null)?.error;
  if (!error || typeof error.code !== "string" || !/^[a-z][a-z0-9_]*$/.test(error.code))
    return false;
  if (typeof error.message !== "string" || error.message === "") return false;
  if (error.details === undefined) return true;
  return (
    Array.isArray(error.details) &&
    error.details.every(
      (d: { path?: unknown; message?: unknown }) =>
        typeof d.path === "string" && typeof d.message === "string",
    )
  );
}

async function send(fuzzCase: FuzzCase, route: string): Promise<Outcome | null> {
  const headers: Record<string, string> = { ...fuzzCase.headers };
  if (fuzzCase.auth === "live") headers.authorization = `Bearer ${fixtures.keys.live}`;
  if (fuzzCase.auth === "test") headers.authorization = `Bearer ${fixtures.keys.test}`;
  if (fuzzCase.auth === "bogus") headers.authorization = "Bearer sk_live_" + "x".repeat(40);
  if (fuzzCase.contentType) headers["content-type"] = fuzzCase.contentType;
  let response: Response;
  try {
    response = await fetch(app.baseUrl + fuzzCase.path, {
      method: fuzzCase.method,
      headers,
      body: fuzzCase.body,
      redirect: "manual",
      signal: AbortSignal.timeout(20_000),
    });
  } catch (error) {
    return { fuzzCase, route, status: 0, problem: `no answer: ${(error as Error).message}` };
  }
  const text = await response.text();
  const status = response.status;
  if (status >= 500) return { fuzzCase, route, status, problem: text.slice(0, 300) };
  const api = /^\/api\/(v1|providers)\//.test(fuzzCase.path);
  if (api && !/^req_/.test(response.headers.get("x-request-id") ?? "")) {
    return { fuzzCase, route, status, problem: "no X-Request-Id" };
  }
  if (api && status >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (!isErrorBody(body))
      return { fuzzCase, route, status, problem: `not a §3 body: ${text.slice(0, 200)}` };
  }
  return null;
}

describe(`request fuzz (${TEST_DRIVER})`, () => {
  it("answers every malformed request with a 2xx/3xx/4xx, never a 5xx", async () => {
    const started = Date.now();
    const targets = allRoutes().filter(
      (route) =>
        !route.file.includes("(dashboard)") &&
        route.segments[1] !== "auth" &&
        // Session-bound handlers outside the dashboard group (the editor's image upload).
        !readFileSync(route.file, "utf8").includes("withDashboardSession"),
    );
    const failures: Outcome[] = [];
    let sent = 0;
    let index = 0;
    for (const route of targets) {
      const routeModule = (await import(/* @vite-ignore */ route.file)) as Record<string, unknown>;
      for (const method of METHODS) {
        if (typeof routeModule[method] !== "function") continue;
        // A method the route does not take is a fixed 405 (test/integration/api/methods.test.ts).
        if (isMethodNotAllowedHandler(routeModule[method])) continue;
        const cases = fc.sample(caseArbitrary(route.segments, method, fixtures), {
          seed: SEED + index++,
          numRuns: RUNS,
        });
        for (const fuzzCase of cases) {
          sent += 1;
          const outcome = await send(fuzzCase, `${method} /${route.segments.join("/")}`);
          if (outcome) failures.push(outcome);
        }
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const by5xx = failures.filter((f) => f.status >= 500).length;
    console.log(
      `[fuzz] seed ${SEED} (MW_FUZZ_SEED), ${targets.length} routes, ${sent} requests, ` +
        `${seconds} s on ${TEST_DRIVER}: ${failures.length} failures (${by5xx} 5xx)`,
    );
    const byRoute = new Map<string, number>();
    for (const f of failures) {
      const key = `${f.status} ${f.route}`;
      byRoute.set(key, (byRoute.get(key) ?? 0) + 1);
    }
    for (const [key, count] of byRoute) console.log(`[fuzz]   ${count} × ${key}`);
    const report = failures.slice(0, 15).map((f) => {
      const body =
        f.fuzzCase.body === undefined
          ? ""
          : ` body=${JSON.stringify(f.fuzzCase.body.slice(0, 160))}`;
      return `${f.status} ${f.fuzzCase.method} ${f.fuzzCase.path.slice(0, 200)} auth=${f.fuzzCase.auth}${body}\n    → ${f.problem}`;
    });
    expect(failures.length, `seed ${SEED}:\n${report.join("\n")}`).toBe(0);
  }, 240_000);
});
