import { afterAll, beforeAll, expect, it } from "vitest";
import { TokenBucketLimiter } from "@/lib/core/http/rate-limit";
import { startTestApp, TEST_DRIVER, type TestApp } from "../../support/app";
import { expectError } from "../../support/checks";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

it(`limits each key with a token bucket: RateLimit-* headers, then 429 with Retry-After (${TEST_DRIVER})`, async () => {
  const project = await app.createProject();
  const other = await app.createProject({ name: "Other" });
  app.runtime.limiter = new TokenBucketLimiter(1, 3);

  const first = await app.api("/v1/contacts", { key: project.live });
  expect(first.status).toBe(200);
  expect(first.headers.get("ratelimit-limit")).toBe("3");
  expect(first.headers.get("ratelimit-remaining")).toBe("2");
  expect(first.headers.get("ratelimit-reset")).toMatch(/^\d+$/);
  await app.api("/v1/contacts", { key: project.live });
  await app.api("/v1/contacts", { key: project.live });

  const limited = await app.api("/v1/contacts", { key: project.live });
  expectError(limited, 429, "rate_limited");
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect(limited.headers.get("ratelimit-remaining")).toBe("0");

  // Buckets are per key: another key is unaffected.
  expect((await app.api("/v1/contacts", { key: other.live })).status).toBe(200);
});
