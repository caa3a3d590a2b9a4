import net from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryRelays } from "@/db/schema";
import { deleteRelay, deliverySettings, saveRelay } from "@/lib/delivery/relays";
import { testRelayConnection } from "@/lib/delivery/test-connection";
import { serviceContext } from "@/lib/core/context";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { startSmtpServer, waitFor } from "../../support/smtp-server";

/**
 * Settings → Delivery (DECISIONS §12): relays saved in the dashboard, used without a restart,
 * with failover; mail queued while nothing was configured goes out by itself; secrets sealed
 * and never shown; Test connection reports the server's answer.
 */
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let guarded: Awaited<ReturnType<typeof startSmtpServer>>;
let throttling: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  guarded = await startSmtpServer({ auth: { user: "relay-user", pass: "s3cret-relay-password" } });
  throttling = await startSmtpServer({ refuseMailFrom: "4.7.0 Too many messages, slow down" });
  app = await startTestApp({ worker: "embedded", env: { SMTP_URL: "", RESEND_API_KEY: "" } });
});
afterAll(async () => {
  await app?.close();
  await Promise.all([smtp?.close(), guarded?.close(), throttling?.close()]);
});

const portOf = (url: string) => Number(new URL(url).port);
const relay = (url: string, extra: Record<string, unknown> = {}) => ({
  kind: "smtp" as const,
  name: "Test relay",
  host: "127.0.0.1",
  port: portOf(url),
  tls_mode: "none" as const,
  ...extra,
});

/** A port nothing listens on: connection refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function send(project: TestProject, to: string) {
  const res = await app.api("/v1/send", {
    method: "POST",
    key: project.live,
    body: { from: "hello@mail.test", to, subject: "Hi", html: "<p>Hi</p>" },
  });
  expect([200, 202], res.text).toContain(res.status);
  return res.body as { id: string; status: string };
}

const emailStatus = async (project: TestProject, id: string) =>
  (await app.api(`/v1/emails/${id}`, { key: project.live })).body.status as string;

describe(`Settings → Delivery (${TEST_DRIVER})`, () => {
  it("mail queued with no way out leaves by itself once a relay is saved", async () => {
    const project = await app.createProject({ name: "Queued first" });
    const ctx = app.ctx(project.id);
    expect((await deliverySettings(ctx)).source).toBe("none");
    const sent = await send(project, "waiting@example.com");
    expect(sent.status).toBe("queued");

    await saveRelay(ctx, null, relay(smtp.url));
    expect((await deliverySettings(ctx)).source).toBe("project");
    await waitFor(
      async () => (await emailStatus(project, sent.id)) === "delivered",
      10_000,
      "the queued email delivered",
    );
    expect(smtp.received.filter((m) => m.to.includes("waiting@example.com"))).toHaveLength(1);
    // Sent after the change: straight through.
    const next = await send(project, "next@example.com");
    expect(next.status).toBe("sent");
  });

  it("fails over to the next relay on a refused connection and on a 4xx, in priority order", async () => {
    const project = await app.createProject({ name: "Failover" });
    const ctx = app.ctx(project.id);
    await saveRelay(ctx, null, relay(smtp.url, { name: "Backup", priority: 2 }));
    await saveRelay(
      ctx,
      null,
      relay(`smtp://127.0.0.1:${await closedPort()}`, { name: "Down", priority: 0 }),
    );
    await saveRelay(ctx, null, relay(throttling.url, { name: "Throttling", priority: 1 }));
    const sent = await send(project, "failover@example.com");
    await waitFor(
      async () => (await emailStatus(project, sent.id)) === "delivered",
      10_000,
      "delivered through the backup",
    );
    expect(smtp.received.filter((m) => m.to.includes("failover@example.com"))).toHaveLength(1);
    expect(throttling.received).toHaveLength(0);
  });

  it("keeps the secret sealed: never returned, not in the database in the clear", async () => {
    const project = await app.createProject({ name: "Secrets" });
    const ctx = app.ctx(project.id);
    const password = "s3cret-relay-password";
    const saved = await saveRelay(
      ctx,
      null,
      relay(guarded.url, { username: "relay-user", password }),
    );
    const settings = await deliverySettings(ctx);
    for (const shown of [saved, settings])
      expect(JSON.stringify(shown)).not.toContain(password.slice(0, 8));
    expect(settings.relays[0]).toMatchObject({
      secretSet: true,
      secretHint: "word",
      secretReadable: true,
    });
    const [row] = await app.runtime.db
      .select()
      .from(deliveryRelays)
      .where(eq(deliveryRelays.id, saved.id));
    expect(row!.sealedSecret).toMatch(/^v1\./);
    expect(row!.sealedSecret).not.toContain(password);

    // A change with a blank password keeps the stored one: mail still authenticates.
    await saveRelay(
      ctx,
      saved.id,
      relay(guarded.url, { name: "Renamed", username: "relay-user", password: "" }),
    );
    const sent = await send(project, "sealed@example.com");
    await waitFor(
      async () => (await emailStatus(project, sent.id)) === "delivered",
      10_000,
      "delivered with the stored password",
    );
    expect(guarded.received.filter((m) => m.to.includes("sealed@example.com"))).toHaveLength(1);
  });

  it("tests a connection: the server's answer, a wrong password, a closed port", async () => {
    const project = await app.createProject({ name: "Connection" });
    const ctx = app.ctx(project.id);
    const good = await testRelayConnection(
      ctx,
      null,
      relay(guarded.url, { username: "relay-user", password: "s3cret-relay-password" }),
    );
    expect(good).toMatchObject({ ok: true, stage: "done" });
    expect(good.answer).toMatch(/^235/);
    expect(good.steps).toContain("Signed in as relay-user");

    const wrong = await testRelayConnection(
      ctx,
      null,
      relay(guarded.url, { username: "relay-user", password: "nope" }),
    );
    expect(wrong).toMatchObject({ ok: false, stage: "auth" });
    expect(wrong.answer).toMatch(/535.*Authentication credentials invalid/);

    const closed = await testRelayConnection(
      ctx,
      null,
      relay(`smtp://127.0.0.1:${await closedPort()}`),
    );
    expect(closed).toMatchObject({ ok: false, stage: "connect" });
    expect(closed.answer).toMatch(/refused the connection/);

    // A saved relay is tested with its stored password when the form leaves it blank.
    const saved = await saveRelay(
      ctx,
      null,
      relay(guarded.url, { username: "relay-user", password: "s3cret-relay-password" }),
    );
    const stored = await testRelayConnection(
      ctx,
      saved.id,
      relay(guarded.url, { username: "relay-user", password: "" }),
    );
    expect(stored.ok).toBe(true);
  });

  it("falls back to the environment's relay, shown as such, and back to it when relays are removed", async () => {
    const project = await app.createProject({ name: "Environment" });
    const ctx = app.ctx(project.id);
    app.runtime.config.smtpUrl = smtp.url;
    try {
      const settings = await deliverySettings(ctx);
      expect(settings.source).toBe("environment");
      expect(settings.environment).toEqual({
        kind: "smtp",
        host: "127.0.0.1",
        port: portOf(smtp.url),
      });
      const own = await saveRelay(
        ctx,
        null,
        relay(guarded.url, { username: "relay-user", password: "s3cret-relay-password" }),
      );
      expect((await deliverySettings(ctx)).source).toBe("project");
      await deleteRelay(ctx, own.id);
      expect((await deliverySettings(ctx)).source).toBe("environment");
    } finally {
      app.runtime.config.smtpUrl = undefined;
    }
  });

  it("refuses bad input with field errors and members with 403", async () => {
    const project = await app.createProject({ name: "Validation" });
    const ctx = app.ctx(project.id);
    await expect(
      saveRelay(ctx, null, {
        kind: "smtp",
        name: "",
        host: "smtp://x",
        port: 0,
        tls_mode: "sometimes",
      }),
    ).rejects.toMatchObject({
      status: 422,
      details: expect.arrayContaining([
        expect.objectContaining({ path: "name" }),
        expect.objectContaining({ path: "host" }),
        expect.objectContaining({ path: "port" }),
        expect.objectContaining({ path: "tls_mode" }),
      ]),
    });
    await expect(saveRelay(ctx, null, { kind: "resend", name: "Resend" })).rejects.toMatchObject({
      status: 422,
      details: [expect.objectContaining({ path: "api_key" })],
    });
    const member = serviceContext(app.runtime, project.id, "live", "member");
    await expect(deliverySettings(member)).rejects.toMatchObject({ status: 403 });
    await expect(saveRelay(member, null, relay(smtp.url))).rejects.toMatchObject({ status: 403 });
  });
});
