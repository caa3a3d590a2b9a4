import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "@/lib/cli/commands";
import { pgliteLockPath } from "@/db/pglite-lock";
import { startTestApp, TEST_DRIVER, type TestApp } from "../../support/app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe(`admin commands (${TEST_DRIVER})`, () => {
  it("create-project returns keys that work and a verified domain", async () => {
    const { json } = (await runAdminCommand(app.runtime, "create-project", {
      name: "Acme",
      domain: "acme.test",
      verified: true,
    })) as {
      json: {
        project: { id: string };
        keys: { live: string; test: string };
        domains: { status: string }[];
      };
    };
    expect(json.keys.live).toMatch(/^sk_live_[0-9A-Za-z]{40}$/);
    expect(json.keys.test).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
    expect(json.domains).toEqual([
      expect.objectContaining({ name: "acme.test", status: "verified" }),
    ]);
    expect((await app.api("/v1/contacts", { key: json.keys.live })).status).toBe(200);

    const key = (
      await runAdminCommand(app.runtime, "create-key", { project: json.project.id, mode: "test" })
    ).json as { key: string; mode: string; project_id: string };
    expect(key).toMatchObject({ mode: "test", project_id: json.project.id });
    expect((await app.api("/v1/contacts", { key: key.key })).status).toBe(200);

    const domain = await runAdminCommand(app.runtime, "add-domain", {
      project: json.project.id,
      domain: "news.acme.test",
    });
    expect(domain.json).toMatchObject({ name: "news.acme.test", status: "pending" });

    const user = await runAdminCommand(app.runtime, "create-user", {
      email: "Ops@Acme.test",
      password: "long-enough-1",
      project: json.project.id,
    });
    expect(user.json).toMatchObject({ email: "ops@acme.test", role: "admin" });
  });

  it("create-key --permission sending makes a key that may only send (DECISIONS §12)", async () => {
    const { json: created } = (await runAdminCommand(app.runtime, "create-project", {
      name: "Shop",
    })) as { json: { project: { id: string } } };
    const sending = (
      await runAdminCommand(app.runtime, "create-key", {
        project: created.project.id,
        mode: "live",
        permission: "sending",
      })
    ).json as { key: string; permission: string };
    expect(sending.permission).toBe("sending");
    const refused = await app.api("/v1/contacts", { key: sending.key });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("insufficient_permission");
    expect((await app.api("/v1/emails", { key: sending.key })).status).toBe(200);

    const full = await runAdminCommand(app.runtime, "create-key", {
      project: created.project.id,
      mode: "test",
    });
    expect(full.json).toMatchObject({ mode: "test", permission: "full" });
    expect(full.text).toMatch(/full access/);

    for (const permission of ["admin", "", true]) {
      await expect(
        runAdminCommand(app.runtime, "create-key", {
          project: created.project.id,
          mode: "live",
          permission,
        }),
      ).rejects.toMatchObject({ code: "usage", message: /--permission must be full or sending/ });
    }
  });

  it("rejects bad input clearly", async () => {
    await expect(
      runAdminCommand(app.runtime, "create-key", { project: "prj_missing", mode: "live" }),
    ).rejects.toThrow(/not found/);
    await expect(runAdminCommand(app.runtime, "create-key", { project: "x" })).rejects.toThrow(
      /--mode is required/,
    );
    await expect(
      runAdminCommand(app.runtime, "create-user", { email: "a@b.co", password: "short" }),
    ).rejects.toThrow(/at least 8/);
    await expect(runAdminCommand(app.runtime, "launch-rockets", {})).rejects.toThrow(
      /Unknown command/,
    );
  });
});

describe.runIf(TEST_DRIVER === "pglite")("the CLI process on a PGlite data dir", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mw-cli-"));
  const cli = (...args: string[]) =>
    spawnSync("node_modules/.bin/tsx", ["scripts/admin.ts", ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      encoding: "utf8",
    });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("applies migrations itself and prints exactly one JSON object with --json", () => {
    const result = cli("create-project", "--name", "Fresh", "--json");
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      project: { name: "Fresh" },
      keys: { live: expect.any(String) },
    });
    const failed = cli("create-key", "--project", "prj_nope", "--mode", "live", "--json");
    expect(failed.status).toBe(1);
    expect(JSON.parse(failed.stdout.trim())).toMatchObject({ error: { code: "not_found" } });
  }, 60_000);

  it("says so at once when a server that started long ago holds the data dir but never answers", () => {
    // This test process stands in for a server without the admin socket (an older Mailwright):
    // a live pid in a lock file taken 10 minutes ago.
    fs.writeFileSync(pgliteLockPath(dataDir), String(process.pid));
    const tenMinutesAgo = new Date(Date.now() - 600_000);
    fs.utimesSync(pgliteLockPath(dataDir), tenMinutesAgo, tenMinutesAgo);
    try {
      const result = cli("create-project", "--name", "Nope", "--json");
      expect(result.status).toBe(1);
      expect(JSON.parse(result.stdout.trim())).toMatchObject({
        error: { code: "server_unreachable" },
      });
      expect(result.stderr).toMatch(
        /in use by a running Mailwright server \(pid \d+\), which does not answer on .*admin\.sock/,
      );
    } finally {
      fs.unlinkSync(pgliteLockPath(dataDir));
    }
  }, 60_000);
});
