import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TEST_DRIVER, type TestApp } from "../../support/app";
import { allRoutes } from "../../support/router";

/**
 * Every /v1 route answers every method in the API's shape: a method it does not implement is a
 * 405 with the DECISIONS §3 body, `Allow` (exactly the methods it does implement) and
 * X-Request-Id — never Next's empty 405. `/v1` itself is the JSON 404 of an unknown route.
 */
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const PUBLIC = new Set(["GET /api/v1/openapi.json"]);
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const v1Routes = allRoutes().filter(
  (route) => route.segments[0] === "api" && route.segments[1] === "v1",
);

describe(`API methods (${TEST_DRIVER})`, () => {
  it.each(v1Routes.map((route) => ["/" + route.segments.join("/"), route.file]))(
    "%s answers every method",
    async (pattern, file) => {
      const routeModule = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
      for (const method of METHODS) expect(typeof routeModule[method], method).toBe("function");
      const path = pattern.replace(/\[\.\.\.[^\]]+\]/, "nowhere").replace(/\[[^\]]+\]/g, "x");
      const answers = new Map<string, { status: number; allow: string | null }>();
      for (const method of METHODS) {
        const res = await app.api(path.slice("/api".length), { method });
        expect(res.headers.get("x-request-id"), `${method} ${path}`).toMatch(/^req_/);
        // The OpenAPI document is public: its GET answers without a key (the others are 405s).
        if (PUBLIC.has(`${method} ${pattern}`)) expect(res.status).toBe(200);
        else
          expect(res.body?.error?.code, `${method} ${path}: ${res.text}`).toEqual(
            expect.any(String),
          );
        answers.set(method, { status: res.status, allow: res.headers.get("allow") });
      }
      if (pattern.includes("[...")) return; // the unknown-route 404 answers every method alike
      const implemented = METHODS.filter((m) => answers.get(m)!.status !== 405);
      expect(implemented.length, path).toBeGreaterThan(0);
      for (const method of METHODS.filter((m) => !implemented.includes(m))) {
        expect(answers.get(method)!.allow, `${method} ${path}`).toBe(implemented.join(", "));
      }
    },
  );

  it("answers /v1 itself with the unknown-route 404", async () => {
    const res = await app.api("/v1", { method: "GET" });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("route_not_found");
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
  });
});
