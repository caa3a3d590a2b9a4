import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rowsOf } from "@/db";
import { emails, projects } from "@/db/schema";
import { removeExpiredEvents } from "@/lib/events/retention";
import { updateProjectSettings } from "@/lib/projects/update-settings";
import { createUser } from "@/lib/users/users";
import * as settingsActions from "@/lib/web/dashboard/actions/settings";
import { IDLE } from "@/lib/web/dashboard/form-state";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { formData, signInAs } from "../../support/dashboard-session";

// vi.mock is hoisted above the imports: the factories import the shared session lazily.
vi.mock("@/lib/web/auth", async () => (await import("../../support/dashboard-session")).authMock());
vi.mock("next/headers", async () =>
  (await import("../../support/dashboard-session")).headersMock(),
);
vi.mock("next/cache", async () => (await import("../../support/dashboard-session")).cacheMock());

let app: TestApp;
let short: TestProject;
let long: TestProject;

const DAY_MS = 86_400_000;

// The fake clock starts at 2026-06-01T12:00Z; no worker runs, so only this test's passes run.
beforeAll(async () => {
  app = await startTestApp({ clock: "fake", worker: "off" });
  short = await app.createProject({ name: "Short", domain: "short.test" });
  long = await app.createProject({ name: "Long", domain: "long.test" });
  await updateProjectSettings(app.ctx(short.id), { event_retention_days: 30 });
}, 60_000);
afterAll(async () => {
  await app?.close();
});

async function query<T>(statement: ReturnType<typeof sql>) {
  return rowsOf<T>(await app.runtime.db.execute(statement));
}

async function count(table: "events" | "email_events", projectId: string) {
  const [row] = await query<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where project_id = ${projectId}`,
  );
  return row!.n;
}

const exists = async (name: string) =>
  (await query<{ present: boolean }>(sql`select to_regclass(${name}) is not null as present`))[0]!
    .present;

const isPartitionOf = async (name: string, parent: string) =>
  (
    await query<{ n: number }>(sql`
      select count(*)::int as n from pg_inherits
      where inhrelid = to_regclass(${name}) and inhparent = to_regclass(${parent})`)
  )[0]!.n === 1;

async function postEvent(key: string, name: string) {
  const res = await app.api("/v1/events", {
    method: "POST",
    key,
    body: { name, email: "ada@example.com", data: { plan: "pro" } },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

async function sendEmail(key: string, from: string) {
  const res = await app.api("/v1/send", {
    method: "POST",
    key,
    body: { from, to: "ada@example.com", subject: "Hello", html: "<p>Hi</p>" },
  });
  // Queued (202): no worker runs, its `queued` event is what this test needs.
  expect(res.status, res.text).toBe(202);
  return res.body.id as string;
}

describe(`event retention and monthly partitions (${TEST_DRIVER})`, () => {
  it("removes each project's events past its days, in batches; a month goes whole once every project is past it", async () => {
    // Recorded before the June partition exists: it lands in DEFAULT and moves with its month.
    const early = await postEvent(short.live, "signed_up");
    const [where] = await query<{ t: string }>(
      sql`select tableoid::regclass::text as t from events where id = ${early}`,
    );
    expect(where!.t).toBe("events_default");

    await postEvent(long.live, "signed_up");
    const shortEmail = await sendEmail(short.live, "hello@short.test");
    const longEmail = await sendEmail(long.live, "hello@long.test");
    // More than one batch of 500 in both tables.
    await app.runtime.db.execute(sql`
      insert into events (id, project_id, name, email, created_at)
      select 'ev_bulk_' || g, ${short.id}, 'page_view', 'ada@example.com', ${app.clock.now().toISOString()}::timestamptz
      from generate_series(1, 1200) g`);
    await app.runtime.db.execute(sql`
      insert into email_events (id, project_id, email_id, type, created_at)
      select 'eev_bulk_' || g, ${short.id}, ${shortEmail}, 'opened', ${app.clock.now().toISOString()}::timestamptz
      from generate_series(1, 600) g`);
    await app.runtime.db
      .update(emails)
      .set({ opens: 600, humanOpens: 600, clicks: 2 })
      .where(eq(emails.id, shortEmail));
    const shortEmailEvents = await count("email_events", short.id);
    expect(shortEmailEvents).toBeGreaterThan(600);

    // At once: this month and the next two are made, the early event moves out of DEFAULT.
    const first = await removeExpiredEvents(app.runtime);
    expect(first).toMatchObject({ partitionsDropped: 0, eventsRemoved: 0, emailEventsRemoved: 0 });
    expect(first.partitionsCreated).toBe(6);
    for (const month of ["2026_06", "2026_07", "2026_08"]) {
      expect(await isPartitionOf(`events_p${month}`, "events")).toBe(true);
      expect(await isPartitionOf(`email_events_p${month}`, "email_events")).toBe(true);
    }
    const [moved] = await query<{ t: string }>(
      sql`select tableoid::regclass::text as t from events where id = ${early}`,
    );
    expect(moved!.t).toBe("events_p2026_06");
    expect((await removeExpiredEvents(app.runtime)).partitionsCreated).toBe(0);

    // 31 days on: the 30-day project's June events go, in one pass of several batches.
    app.clock.advance!(31 * DAY_MS);
    const fresh = await postEvent(short.live, "upgraded");
    const second = await removeExpiredEvents(app.runtime);
    expect(second).toMatchObject({
      partitionsDropped: 0,
      eventsRemoved: 1201,
      emailEventsRemoved: shortEmailEvents,
    });
    expect(await count("events", short.id)).toBe(1);
    expect(await count("email_events", short.id)).toBe(0);
    expect(await count("events", long.id)).toBe(1);
    expect(await count("email_events", long.id)).toBeGreaterThan(0);
    // Counters are columns of the email: they stay.
    const [counted] = await app.runtime.db
      .select({ opens: emails.opens, humanOpens: emails.humanOpens, clicks: emails.clicks })
      .from(emails)
      .where(eq(emails.id, shortEmail));
    expect(counted).toEqual({ opens: 600, humanOpens: 600, clicks: 2 });
    const [left] = await query<{ id: string }>(
      sql`select id from events where project_id = ${short.id}`,
    );
    expect(left!.id).toBe(fresh);

    // A month later the June partition is past the short project's days but the long project
    // (400 days) still keeps it; two more months are made ahead.
    app.clock.advance!(31 * DAY_MS);
    const third = await removeExpiredEvents(app.runtime);
    expect(third).toMatchObject({ partitionsDropped: 0, eventsRemoved: 1 });
    expect(await exists("events_p2026_06")).toBe(true);
    expect(await exists("email_events_p2026_06")).toBe(true);
    expect(await exists("events_p2026_10")).toBe(true);
    expect(await exists("email_events_p2026_10")).toBe(true);

    // Once the longest retention is past it too, the month is dropped whole, not row by row.
    await updateProjectSettings(app.ctx(long.id), { event_retention_days: 30 });
    let dropped = 2;
    if (TEST_DRIVER === "postgres") {
      // A long read of June's events (another connection; PGlite has one) holds that drop off:
      // it gives up after its lock timeout, and the pass's batches delete the rows instead.
      let release!: () => void;
      let reading!: () => void;
      const read = new Promise<void>((resolve) => (reading = resolve));
      const reader = app.runtime.db.transaction(async (tx) => {
        await tx.execute(sql`select count(*) from events_p2026_06`);
        reading();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await read;
      const blocked = await removeExpiredEvents(app.runtime).finally(() => release());
      await reader;
      expect(blocked).toMatchObject({ partitionsDropped: 1, eventsRemoved: 1 });
      expect(await exists("events_p2026_06")).toBe(true);
      dropped = 1;
    }
    const fourth = await removeExpiredEvents(app.runtime);
    expect(fourth).toMatchObject({
      partitionsDropped: dropped,
      eventsRemoved: 0,
      emailEventsRemoved: 0,
    });
    expect(await exists("events_p2026_06")).toBe(false);
    expect(await exists("email_events_p2026_06")).toBe(false);
    expect(await isPartitionOf("events_p2026_07", "events")).toBe(true);
    expect(await isPartitionOf("events_default", "events")).toBe(true);
    expect(await count("events", long.id)).toBe(0);
    expect(await count("email_events", long.id)).toBe(0);
    // The email stays, with its status and counters.
    const [kept] = await app.runtime.db
      .select({ id: emails.id, status: emails.status })
      .from(emails)
      .where(eq(emails.id, longEmail));
    expect(kept?.id).toBe(longEmail);
    expect((await removeExpiredEvents(app.runtime)).partitionsDropped).toBe(0);
  }, 90_000);

  it("takes 30 to 3650 days in Settings → General", async () => {
    const ctx = app.ctx(short.id);
    await expect(updateProjectSettings(ctx, { event_retention_days: 29 })).rejects.toMatchObject({
      status: 422,
      code: "validation_error",
    });
    await expect(updateProjectSettings(ctx, { event_retention_days: 3651 })).rejects.toMatchObject({
      status: 422,
    });
    await expect(updateProjectSettings(ctx, { event_retention_days: 45.5 })).rejects.toMatchObject({
      status: 422,
    });
    await updateProjectSettings(ctx, { event_retention_days: 3650 });
    const [row] = await app.runtime.db
      .select({ days: projects.eventRetentionDays, content: projects.emailContentRetentionDays })
      .from(projects)
      .where(eq(projects.id, short.id));
    expect(row).toEqual({ days: 3650, content: 90 });
    const [fresh] = await app.runtime.db
      .select({ days: projects.eventRetentionDays })
      .from(projects)
      .where(eq(projects.id, long.id));
    expect(fresh?.days).toBe(30);
  });

  it("is saved from Settings → General beside the content setting, with the error under the field", async () => {
    const admin = await createUser(app.runtime.db, {
      email: "admin@retention.test",
      password: "correct horse battery",
      role: "admin",
      projectId: short.id,
    });
    signInAs(admin.user.id);
    const fields = { default_from_name: "", default_from_email: "" };
    const tooShort = await settingsActions.saveGeneralSettingsAction(
      IDLE,
      formData({ ...fields, email_content_retention_days: "60", event_retention_days: "12" }),
    );
    expect(tooShort).toMatchObject({
      status: "error",
      fieldErrors: { event_retention_days: "Must be at least 30 days." },
    });
    const saved = await settingsActions.saveGeneralSettingsAction(
      IDLE,
      formData({ ...fields, email_content_retention_days: "60", event_retention_days: "120" }),
    );
    expect(saved.status).toBe("success");
    const [row] = await app.runtime.db
      .select({ days: projects.eventRetentionDays, content: projects.emailContentRetentionDays })
      .from(projects)
      .where(eq(projects.id, short.id));
    expect(row).toEqual({ days: 120, content: 60 });
  });
});
