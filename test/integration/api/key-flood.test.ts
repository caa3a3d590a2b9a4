import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticateApiKey } from "@/lib/api-keys/authenticate";
import type { Database } from "@/db";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { expectError } from "../../support/checks";

/** Made-up API keys: they cannot evict valid keys from the cache, and an address gets a budget. */
let app: TestApp;
let project: TestProject;

beforeAll(async () => {
  // A fake clock: a loaded machine must not let the valid-key cache (5 s) or the address
  // budget (30 a minute) run out or refill in the middle of a test.
  app = await startTestApp({
    clock: "fake",
    env: { UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE: "30", TRUST_PROXY: "1" },
  });
  project = await app.createProject();
});
afterAll(async () => {
  await app?.close();
});

const bogusKey = () => `sk_live_${randomBytes(24).toString("base64url").replace(/[-_]/g, "a")}`;

describe(`unknown API keys (${TEST_DRIVER})`, () => {
  it("10,001 made-up keys do not push a valid key out of the cache", async () => {
    let lookups = 0;
    const db = app.runtime.db;
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        if (property === "select") lookups++;
        return Reflect.get(target, property, receiver);
      },
    }) as Database;
    const deps = { db: counting, caches: app.runtime.caches };
    const now = app.runtime.clock.now();
    const valid = await authenticateApiKey(deps, `Bearer ${project.live}`, now);
    expect(valid.projectId).toBe(project.id);

    for (let i = 0; i < 10_001; i++) {
      await expect(authenticateApiKey(deps, `Bearer ${bogusKey()}`, now)).rejects.toThrow(
        /unknown or has been revoked/,
      );
    }
    const before = lookups;
    expect((await authenticateApiKey(deps, `Bearer ${project.live}`, now)).id).toBe(valid.id);
    expect(lookups - before, "the valid key was looked up again").toBe(0);
  }, 120_000);

  it("an address sending made-up keys gets 429 after its budget, other addresses do not", async () => {
    const from = (address: string, key: string) =>
      app.api("/v1/contacts", { key, headers: { "x-forwarded-for": address } });
    expect((await from("203.0.113.5", project.live)).status).toBe(200);
    for (let i = 0; i < 30; i++) {
      expect((await from("203.0.113.5", bogusKey())).status).toBe(401);
    }
    const refused = await from("203.0.113.5", bogusKey());
    expectError(refused, 429, "rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("x-request-id")).toMatch(/^req_/);
    // No key at all counts the same.
    expect(
      (await app.api("/v1/contacts", { headers: { "x-forwarded-for": "203.0.113.5" } })).status,
    ).toBe(429);

    expect((await from("203.0.113.6", bogusKey())).status).toBe(401);
    // A valid key already in use keeps working from the refused address.
    expect((await from("203.0.113.5", project.live)).status).toBe(200);
  });

  it("a client cannot pick its own address beyond the trusted proxy hops", async () => {
    // TRUST_PROXY=1: only the last X-Forwarded-For entry counts (what our proxy saw).
    for (let i = 0; i < 30; i++) {
      const res = await app.api("/v1/contacts", {
        key: bogusKey(),
        headers: { "x-forwarded-for": `10.9.${i}.1, 203.0.113.7` },
      });
      expect(res.status).toBe(401);
    }
    const res = await app.api("/v1/contacts", {
      key: bogusKey(),
      headers: { "x-forwarded-for": "10.9.99.1, 203.0.113.7" },
    });
    expect(res.status).toBe(429);
  });

  it("hosted pages refuse an address after its budget of invalid tokens", async () => {
    const page = (path: string, method = "GET") =>
      fetch(`${app.baseUrl}${path}`, {
        method,
        redirect: "manual",
        headers: { "x-forwarded-for": "203.0.113.20" },
      });
    for (let i = 0; i < 10; i++) {
      expect((await page(`/u/bogus${i}`)).status).toBe(404);
      expect((await page(`/confirm/bogus${i}`, "POST")).status).toBeLessThan(429);
      expect((await page(`/api/t/c/bogus${i}?u=https%3A%2F%2Fexample.com&s=x`)).status).toBe(404);
    }
    for (const path of ["/u/bogus", "/confirm/bogus", "/api/t/c/bogus?u=x&s=y"]) {
      const refused = await page(path);
      expect(refused.status, path).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
  });
});
