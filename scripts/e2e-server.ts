/**
 * Server for the Playwright e2e suite (started by playwright.config.ts `webServer`):
 * a fresh embedded-PGlite data dir with one project and one dashboard user made through the lib
 * services before the server starts (PGlite is single-process), their credentials written to a
 * JSON file the tests read, then the production server (scripts/serve.ts, as `npm start` runs it)
 * on E2E_PORT (default 3100). Needs a build.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = process.cwd();
const port = Number(process.env.E2E_PORT || 3100);
const baseURL = `http://localhost:${port}`;
// The SMTP submission relay of the served app (e2e/smtp-relay.spec.ts submits through it).
const smtpPort = Number(process.env.E2E_SMTP_PORT || port + 1000);
const credentialsFile = path.resolve(process.env.E2E_CREDENTIALS || "e2e/.auth/credentials.json");

function fail(message: string): never {
  console.error(`e2e-server: ${message}`);
  process.exit(1);
}

function portIsFree(candidate: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(candidate, () => probe.close(() => resolve(true)));
  });
}

async function prepareData(dataDir: string) {
  // Configuration is read from the environment on first use: set it before loading lib/.
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  const { getRuntime } = await import("@/lib/start/runtime");
  const { createProject } = await import("@/lib/projects/create");
  const { addMembership, createUser } = await import("@/lib/users/users");
  const runtime = await getRuntime("cli");
  const now = runtime.clock.now();
  const { project } = await createProject(
    runtime.db,
    { name: "Acme Inc", domain: "mail.test", verified: true },
    now,
  );
  // A second project, so the project switcher and per-project scoping are exercised. Created a
  // millisecond later: a user's projects are listed by creation time, and the first one (the
  // default without a project cookie) must be Acme, not whichever of a tie the database returns.
  const { project: second } = await createProject(
    runtime.db,
    { name: "Side Project" },
    new Date(now.getTime() + 1),
  );
  const email = "e2e@mailwright.test";
  const password = `e2e-${Math.random().toString(36).slice(2, 12)}`;
  const { user } = await createUser(runtime.db, {
    email,
    password,
    role: "admin",
    projectId: project.id,
  });
  await addMembership(runtime.db, { userId: user.id, projectId: second.id, role: "member" });
  // A valid account in no project: sign-in must say why it cannot continue.
  const noProjectEmail = "no-project@mailwright.test";
  await createUser(runtime.db, { email: noProjectEmail, password });
  // Its own account for the sign-in throttling spec, so no other spec's sign-in is slowed.
  const throttledEmail = "throttled@mailwright.test";
  await createUser(runtime.db, { email: throttledEmail, password, projectId: project.id });
  // Its own account for e2e/session.spec.ts, which signs it out everywhere: no other spec's
  // session ends with it.
  const sessionsEmail = "sessions@mailwright.test";
  await createUser(runtime.db, { email: sessionsEmail, password, projectId: project.id });
  // e2e/accounts.spec.ts: its own account changes its password (no other spec signs in as it);
  // another gets a reset link (seeded: the e2e server has no email delivery).
  const accountEmail = "account@mailwright.test";
  await createUser(runtime.db, { email: accountEmail, password, projectId: project.id });
  const resetEmail = "reset@mailwright.test";
  const { user: resetUser } = await createUser(runtime.db, {
    email: resetEmail,
    password,
    projectId: project.id,
  });
  const { issuePasswordReset } = await import("@/lib/users/password-reset");
  const resetToken = await issuePasswordReset(runtime.db, resetUser.id, now);
  // A first-boot admin (generated password, default project name) in a project of its own, so
  // naming it on the welcome page renames nothing another spec relies on.
  const { FIRST_PROJECT_NAME } = await import("@/lib/projects/create");
  const { project: firstBootProject } = await createProject(
    runtime.db,
    { name: FIRST_PROJECT_NAME },
    new Date(now.getTime() + 6),
  );
  const firstSignInEmail = "admin@mailwright.local";
  await createUser(
    runtime.db,
    { email: firstSignInEmail, password, role: "admin", projectId: firstBootProject.id },
    { mustChangePassword: true },
  );
  // Created last, so Acme stays the user's first (default) project.
  const { seedTrippedBreakers } = await import("./e2e-seed-breaker");
  // Recording events enqueues jobs (webhooks, breaker checks): the queues must exist. The
  // server's embedded worker works them once it starts.
  await runtime.jobs.start();
  const breaker = await seedTrippedBreakers(runtime, user.id, new Date(now.getTime() + 2));
  const { seedFailedRuns } = await import("./e2e-seed-health");
  const health = await seedFailedRuns(runtime, user.id, new Date(now.getTime() + 3));
  const { seedUnsubscribeLink } = await import("./e2e-seed-unsubscribe");
  const unsubscribe = await seedUnsubscribeLink(runtime, project.id, now);
  const { seedEngagement } = await import("./e2e-seed-engagement");
  const engagement = await seedEngagement(runtime, user.id, new Date(now.getTime() + 4));
  // e2e/first-send.spec.ts: a project as first boot makes it (keys, no domain, no sender) whose
  // admin follows the getting-started checklist.
  const { project: fresh } = await createProject(
    runtime.db,
    { name: "Fresh Start" },
    new Date(now.getTime() + 5),
  );
  await addMembership(runtime.db, { userId: user.id, projectId: fresh.id, role: "admin" });
  // e2e/topics.spec.ts: projects of its own, made after Acme so Acme stays the default.
  const { seedTopics } = await import("./e2e-seed-topics");
  const topics = await seedTopics(runtime, user.id, new Date(now.getTime() + 7));
  // e2e/received.spec.ts: projects of its own, after Acme too.
  const { seedReceived } = await import("./e2e-seed-received");
  const received = await seedReceived(runtime, user.id, new Date(now.getTime() + 8));
  // e2e/pacing.spec.ts: a campaign waiting on a throttling receiver and on warm-up.
  const { seedPacing } = await import("./e2e-seed-pacing");
  const pacing = await seedPacing(runtime, user.id, new Date(now.getTime() + 9));
  await runtime.jobs.stop(5_000);
  await runtime.handle.close();
  return {
    email,
    password,
    projectId: project.id,
    projectName: project.name,
    secondProjectName: second.name,
    freshProject: { id: fresh.id, name: fresh.name },
    noProjectEmail,
    throttledEmail,
    sessionsEmail,
    accountEmail,
    reset: { email: resetEmail, token: resetToken },
    firstSignInEmail,
    breaker,
    health,
    unsubscribe,
    engagement,
    topics,
    received,
    pacing,
  };
}

async function main() {
  // NEXT_DIST_DIR (next.config.ts) lets a parallel build be tested without touching `.next`.
  if (!fs.existsSync(path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"))) {
    fail("no production build found: run `npx next build` (npm test does) first.");
  }
  if (!(await portIsFree(port))) fail(`port ${port} is in use; set E2E_PORT to a free port.`);
  if (!(await portIsFree(smtpPort))) {
    fail(`port ${smtpPort} is in use; set E2E_SMTP_PORT to a free port.`);
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mailwright-e2e-"));
  const cleanUp = () => {
    if (!process.env.E2E_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const login = await prepareData(dataDir);
  fs.mkdirSync(path.dirname(credentialsFile), { recursive: true });
  fs.writeFileSync(
    credentialsFile,
    JSON.stringify({ baseURL, dataDir, smtpPort, ...login }, null, 2),
  );

  const server = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "scripts", "serve.ts")],
    {
      stdio: "inherit",
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        PORT: String(port),
        DATA_DIR: dataDir,
        APP_URL: baseURL,
        AUTH_URL: baseURL,
        SMTP_SUBMISSION_PORT: String(smtpPort),
        SMTP_SUBMISSION_HOST: "127.0.0.1",
      },
    },
  );
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    server.kill(signal);
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  server.on("exit", (code, signal) => {
    cleanUp();
    process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
  });
}

main().catch((error: unknown) =>
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
