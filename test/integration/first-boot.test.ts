import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { firstBoot } from "@/lib/start/bootstrap";
import { verifyCredentials } from "@/lib/users/users";
import { startTestApp, TEST_DRIVER, type TestApp } from "../support/app";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({
    config: { adminEmail: "ops@acme.io", adminPassword: "correct horse battery" },
  });
});
afterAll(() => app?.close());

describe(`first boot (${TEST_DRIVER})`, () => {
  it("creates the admin with the configured login (ADMIN_EMAIL, ADMIN_PASSWORD), once", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      expect(await firstBoot(app.runtime)).toBe(true);
      const admin = await verifyCredentials(app.runtime.db, "ops@acme.io", "correct horse battery");
      expect(admin?.email).toBe("ops@acme.io");
      expect(String(log.mock.calls[0]?.[0])).toContain("Password      correct horse battery");
      expect(await firstBoot(app.runtime)).toBe(false);
      expect(log).toHaveBeenCalledTimes(1);
    } finally {
      log.mockRestore();
    }
  });
});
