import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { projects, users } from "@/db/schema";
import { FIRST_PROJECT_NAME } from "@/lib/projects/create";
import { firstBoot } from "@/lib/start/bootstrap";
import { verifyCredentials } from "@/lib/users/users";
import { startTestApp, TEST_DRIVER, type TestApp } from "../../support/app";

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
      // A password the operator chose is theirs: nothing to change at first sign-in.
      expect(admin?.mustChangePassword).toBe(false);
      expect(String(log.mock.calls[0]?.[0])).not.toContain("change it");
    } finally {
      log.mockRestore();
    }
  });

  it("a generated password must be changed at first sign-in, and the banner says so", async () => {
    await app.runtime.db.delete(projects);
    await app.runtime.db.delete(users);
    const preset = app.runtime.config.adminPassword;
    app.runtime.config.adminPassword = undefined;
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      expect(await firstBoot(app.runtime)).toBe(true);
      const banner = String(log.mock.calls[0]?.[0]);
      const password = /Password {6}(\S+)/.exec(banner)![1]!;
      expect(banner).toContain("(temporary: you must change it at first sign-in)");
      const admin = await verifyCredentials(app.runtime.db, "ops@acme.io", password);
      expect(admin?.mustChangePassword).toBe(true);
      const [project] = await app.runtime.db.select().from(projects);
      expect(project!.name).toBe(FIRST_PROJECT_NAME);
    } finally {
      log.mockRestore();
      app.runtime.config.adminPassword = preset;
    }
  });
});
