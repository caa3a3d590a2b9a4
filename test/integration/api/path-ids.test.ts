import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isMethodNotAllowedHandler } from "@/lib/web/api-handler";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { expectError } from "../../support/checks";
import { allRoutes } from "../../support/router";

/**
 * Issue 21: `DELETE /v1/suppressions/%2500` answered 500. The router decodes `%2500` to `%00`,
 * the route decoded the address once more into a NUL, and PostgreSQL refused the lookup. Every
 * /v1 route with a path parameter, every method it implements: an id that is (or decodes to)
 * NUL is a 404 in the §3 shape, never a 500 (a 422 for the empty body some routes check first).
 */
const METHODS = ["GET", "POST", "PATCH", "DELETE"] as const;
const HOSTILE_IDS = ["%00", "%2500", "%252500", "a%00b%40example.com", "a%2500%40example.com"];

let app: TestApp;
let project: TestProject;
beforeAll(async () => {
  app = await startTestApp();
  project = await app.createProject();
});
afterAll(() => app?.close());

async function routesWithPathIds() {
  const found: { method: string; segments: string[] }[] = [];
  for (const route of allRoutes()) {
    const [api, v1, ...rest] = route.segments;
    if (api !== "api" || v1 !== "v1" || rest.length === 0) continue;
    if (!rest.some((s) => /^\[\w+\]$/.test(s))) continue;
    const routeModule = (await import(/* @vite-ignore */ route.file)) as Record<string, unknown>;
    for (const method of METHODS) {
      const handler = routeModule[method];
      if (typeof handler === "function" && !isMethodNotAllowedHandler(handler))
        found.push({ method, segments: rest });
    }
  }
  return found;
}

describe(`path ids that are or decode to NUL (${TEST_DRIVER})`, () => {
  it("DELETE /v1/suppressions/%2500 is a 404, and a real address still deletes", async () => {
    expectError(
      await app.api("/v1/suppressions/%2500", { method: "DELETE", key: project.live }),
      404,
      "not_found",
    );
    const created = await app.api("/v1/suppressions", {
      method: "POST",
      key: project.live,
      body: { email: "gone@example.com" },
    });
    expect(created.status, created.text).toBe(201);
    const deleted = await app.api("/v1/suppressions/gone%40example.com", {
      method: "DELETE",
      key: project.live,
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ email: "gone@example.com", deleted: true });
  });

  it("every route with a path id answers 404 for each hostile id", async () => {
    const routes = await routesWithPathIds();
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const { method, segments } of routes) {
      for (const id of HOSTILE_IDS) {
        const path = "/v1/" + segments.map((s) => (/^\[\w+\]$/.test(s) ? id : s)).join("/");
        const res = await app.api(path, {
          method,
          key: project.live,
          ...(method === "POST" || method === "PATCH" ? { body: {} } : {}),
        });
        const code = res.body?.error?.code;
        if (!(res.status === 404 && code === "not_found") && res.status !== 422)
          failures.push(`${method} ${path} → ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
