import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { serverEnvironment } from "../lib/start/environment";
import { startSmtpServer } from "../test/support/smtp-server";
import {
  addVerifiedDomain,
  chooseSender,
  connectLocalRelay,
  sendChecklistTestEmail,
} from "./checklist-steps";

/**
 * Issue 21's "Done when": a fresh instance as `npm start` runs it (no APP_URL, no SMTP_URL, a
 * generated password), reached at 127.0.0.1, goes from sign-in through Settings → Delivery to a
 * test email that arrives, without a restart or a terminal. A server of its own on a fresh data
 * dir, since the shared e2e server has APP_URL set and is long past its first boot.
 */
const port = Number(process.env.E2E_PORT || 3100) + 7;
const base = `http://127.0.0.1:${port}`;
const UNSET = [
  "APP_URL",
  "AUTH_URL",
  "SMTP_URL",
  "RESEND_API_KEY",
  "ADMIN_EMAIL",
  "ADMIN_PASSWORD",
];

let server: ChildProcess;
let dataDir: string;
let output = "";
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

test.use({ storageState: { cookies: [], origins: [] }, baseURL: base });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtpServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mailwright-fresh-"));
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !UNSET.includes(name)),
  );
  server = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts"], {
    env: {
      ...serverEnvironment(env),
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      WORKER: "embedded",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await expect
    .poll(() => output.includes("Mailwright ready") || server.exitCode !== null, {
      timeout: 100_000,
    })
    .toBe(true);
  expect(server.exitCode, output).toBeNull();
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  await new Promise((resolve) => server?.once("exit", resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
  await smtp?.close();
});

test("a fresh instance signs in at 127.0.0.1 and sends its first email without a terminal", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // What first boot printed, as an operator reads it off the terminal.
  const password = /Password\s+(\S+)/.exec(output)?.[1];
  expect(password, output).toBeTruthy();
  expect(output).toContain("Delivery         none yet");
  expect(output).toContain("recipients cannot open it");

  // Sign-in at 127.0.0.1 stays on 127.0.0.1 (it was sent back to localhost's login form).
  await page.goto("/login");
  await page.getByLabel("Email").fill("admin@mailwright.local");
  await page.getByLabel("Password").fill(password!);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${base}/welcome`);

  const email = "owner@fresh-instance.example.com";
  await page.getByLabel("Project name").fill("Fresh Co");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("New password").fill("a fresh passphrase");
  await page.getByLabel("Confirm password").fill("a fresh passphrase");
  await page.getByRole("button", { name: "Finish setting up" }).click();
  await expect(page).toHaveURL(`${base}/overview`);

  // The public URL was proposed from this sign-in.
  await page.goto("/settings/general");
  await expect(page.getByLabel("Public URL")).toHaveValue(base);
  await expect(
    page.getByText(/Proposed from the address of the first admin sign-in/),
  ).toBeVisible();

  const domain = "fresh-instance.example.com";
  await page.goto("/overview");
  await addVerifiedDomain(page, domain, email);
  await chooseSender(page, `hello@${domain}`);
  await connectLocalRelay(page, smtp.url);

  // Live mail with links only this machine can open: every page says so, until it is fixed.
  const warning = page.getByText("Recipients cannot open the links in your email.");
  await expect(warning).toBeVisible();
  await sendChecklistTestEmail(page, email, () => smtp.received);

  await page.getByRole("link", { name: "Set the public URL" }).click();
  await page.getByLabel("Public URL").fill("not a url");
  await page.getByRole("button", { name: "Save public URL" }).click();
  await expect(
    page.getByText("Enter a web address such as https://mail.example.com."),
  ).toBeVisible();
  await page.getByLabel("Public URL").fill(`http://mail.fresh-instance.example.com:${port}`);
  await page.getByRole("button", { name: "Save public URL" }).click();
  await expect(page.getByText("Public URL saved", { exact: true })).toBeVisible();
  await expect(warning).toBeHidden();
  // Signing in keeps working at the address the browser uses, whatever the public URL says.
  await page.goto("/overview");
  await expect(page).toHaveURL(`${base}/overview`);
});
