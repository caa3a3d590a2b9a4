import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/db";
import { adminSocketPath } from "@/lib/cli/protocol";
import { projectCliCommands } from "@/lib/cli/shown-commands";
import { pgliteLockPath } from "@/db/pglite-lock";
import { findUserByEmail, verifyCredentials } from "@/lib/users/users";
import { TEST_DRIVER } from "../../support/app";
import { runProcess, startServerProcess, type ServerProcess } from "../../support/server-process";

/**
 * DECISIONS §12: the admin CLI works while `npm start` runs on PGlite. A real server process
 * holds the data dir; the CLI script, run as the operator runs it, reaches it through the admin
 * socket. (On PostgreSQL the CLI opens the database itself, as cli/commands.test.ts covers.)
 */
describe.runIf(TEST_DRIVER === "pglite")("the admin CLI while a server holds the data dir", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mw-admin-sock-"));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
  const cli = (...args: string[]) =>
    runProcess("node_modules/.bin/tsx", ["scripts/admin.ts", ...args], env);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- CLI output, checked by each test
  async function cliJson<T = Record<string, any>>(...args: string[]): Promise<T> {
    const result = await cli(...args, "--json");
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    return JSON.parse(lines[0]!) as T;
  }
  let server: ServerProcess;
  const api = async (route: string, key: string) => {
    const response = await fetch(`${server.baseUrl}/api${route}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    return {
      status: response.status,
      body: (await response.json()) as { data: { name: string }[] },
    };
  };

  beforeAll(async () => {
    server = await startServerProcess(dataDir, {
      ADMIN_EMAIL: "first@acme.test",
      ADMIN_PASSWORD: "first boot password",
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  let projectId = "";

  it("runs each command through the server, which sees what it wrote", async () => {
    const created = await cliJson<{
      project: { id: string; name: string };
      keys: { live: string; test: string };
      domains: { name: string; status: string }[];
    }>("create-project", "--name", "Acme", "--domain", "acme.test", "--verified");
    projectId = created.project.id;
    expect(created.domains).toEqual([
      expect.objectContaining({ name: "acme.test", status: "verified" }),
    ]);
    const domainsOf = async (key: string) =>
      (await api("/v1/domains", key)).body.data.map((d: { name: string }) => d.name);
    expect(await domainsOf(created.keys.live)).toEqual(["acme.test"]);

    const key = await cliJson("create-key", "--project", projectId, "--mode", "test");
    expect(key).toMatchObject({ mode: "test", project_id: projectId });
    expect((await api("/v1/domains", key.key)).status).toBe(200);

    const domain = await cliJson(
      "add-domain",
      "--project",
      projectId,
      "--domain",
      "news.acme.test",
    );
    expect(domain).toMatchObject({ name: "news.acme.test", status: "pending" });
    expect((await domainsOf(created.keys.live)).sort()).toEqual(["acme.test", "news.acme.test"]);

    const user = await cliJson(
      "create-user",
      "--email",
      "ops@acme.test",
      "--password",
      "long-enough-1",
      "--project",
      projectId,
    );
    expect(user).toEqual({
      id: expect.stringMatching(/^usr_/),
      email: "ops@acme.test",
      role: "admin",
    });
    const reset = await cliJson(
      "reset-password",
      "--email",
      "ops@acme.test",
      "--password",
      "a new password",
    );
    expect(reset).toEqual({ id: user.id, email: "ops@acme.test", ended_sessions: 0 });

    // Without --json: the text the CLI prints when it runs the command itself.
    const text = await cli("create-key", "--project", projectId, "--mode", "live");
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^live key key_\w+ \(full access\): sk_live_[0-9A-Za-z]{40}\n$/);

    // A failure: exit code 1, the error on stderr and, with --json, as the one line on stdout.
    const failed = await cli("create-key", "--project", "prj_nope", "--mode", "live", "--json");
    expect(failed.status).toBe(1);
    expect(JSON.parse(failed.stdout)).toEqual({
      error: { code: "not_found", message: "Project prj_nope not found." },
    });
    expect(failed.stderr).toContain("error: Project prj_nope not found.");
    const invalid = await cli("create-user", "--email", "x@acme.test", "--password", "short");
    expect(invalid.status).toBe(1);
    expect(invalid.stderr).toMatch(/password: must be at least 8 characters/);

    // The server ran them (its log says so, without the flags: they carry passwords).
    const ran = () => server.log.filter((line) => line.startsWith("[admin] "));
    await expect.poll(() => ran().length).toBe(8);
    expect(ran()[0]).toBe("[admin] create-project (admin CLI, through admin.sock)");
    expect(server.log.join("\n")).not.toContain("long-enough-1");
  }, 120_000);

  it("runs the commands Settings → General shows, pasted as they are", async () => {
    for (const line of projectCliCommands(projectId)) {
      const result = await runProcess("bash", ["-c", line], env);
      expect(result.status, `${line}\n${result.stderr}`).toBe(0);
    }
    const shown = () => server.log.filter((line) => line.startsWith("[admin] ")).slice(-3);
    await expect
      .poll(shown)
      .toEqual([
        "[admin] create-key (admin CLI, through admin.sock)",
        "[admin] add-domain (admin CLI, through admin.sock)",
        "[admin] create-user (admin CLI, through admin.sock)",
      ]);
  }, 120_000);

  it("keeps the socket to the server's own account (mode 0600)", () => {
    expect(fs.statSync(adminSocketPath(dataDir)).mode & 0o777).toBe(0o600);
  });

  it("leaves every write in the data dir, and no socket or lock, once the server stops", async () => {
    await server.stop("SIGTERM");
    expect(fs.existsSync(adminSocketPath(dataDir))).toBe(false);
    expect(fs.existsSync(pgliteLockPath(dataDir))).toBe(false);
    const handle = await openDatabase({ dataDir });
    try {
      expect(await verifyCredentials(handle.db, "ops@acme.test", "a new password")).toMatchObject({
        email: "ops@acme.test",
      });
      // The shown create-user, with the password the CLI generated.
      expect(await findUserByEmail(handle.db, "ada@example.com")).toMatchObject({
        email: "ada@example.com",
      });
      const [row] = await handle.query<{ n: number }>(
        "select count(*)::int as n from domains where project_id = $1",
        [projectId],
      );
      expect(row!.n).toBe(3);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it("a socket and lock left by a killed server: the CLI works alone, the next server replaces them", async () => {
    // A process that listens on the socket path, writes its pid as the lock, and dies.
    const dead = spawn(
      process.execPath,
      [
        "-e",
        `require("fs").writeFileSync(${JSON.stringify(pgliteLockPath(dataDir))}, String(process.pid));
         require("net").createServer().listen(${JSON.stringify(adminSocketPath(dataDir))}, () => process.kill(process.pid, "SIGKILL"));`,
      ],
      { stdio: "inherit" },
    );
    await new Promise((resolve) => dead.once("exit", resolve));
    expect(fs.statSync(adminSocketPath(dataDir)).isSocket()).toBe(true);

    const alone = await cliJson("create-project", "--name", "While stopped");
    expect(alone).toMatchObject({ project: { name: "While stopped" } });

    server = await startServerProcess(dataDir);
    const through = await cliJson("create-key", "--project", alone.project.id, "--mode", "live");
    expect(through).toMatchObject({ project_id: alone.project.id });
    await expect
      .poll(() => server.log)
      .toContain("[admin] create-key (admin CLI, through admin.sock)");
  }, 180_000);
});
