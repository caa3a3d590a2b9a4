import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailEvents, emails } from "@/db/schema";
import { withTransaction } from "@/lib/core/context";
import { insertOutgoingEmails, prepareOutgoingEmail } from "@/lib/sending/record";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";

/**
 * insertOutgoingEmails issues the emails, their events and their delivery jobs together (one
 * round trip): the events' foreign key holds only if every statement of the emails, one per
 * shape of row (db/bulk-insert.ts), is issued before the events'. And the error a caller sees
 * is the statement that failed, not the "transaction is aborted" of those after it.
 */
let app: TestApp;
let project: TestProject;

beforeAll(async () => {
  app = await startTestApp({ worker: "off" });
  project = await app.createProject({ name: "Bulk" });
});
afterAll(() => app?.close());

function outgoing(to: string, extra: { cc?: string[] } = {}) {
  return prepareOutgoingEmail(
    { projectId: project.id, keyMode: "live", canDeliver: true, now: new Date() },
    "transactional",
    {
      fromDomain: "example.com",
      fromAddress: "Shop <shop@example.com>",
      to,
      subject: "Receipt",
      html: "<p>Thanks</p>",
      ...(extra.cc ? { cc: extra.cc } : {}),
    },
  );
}

describe(`emails, events and jobs in one round trip (${TEST_DRIVER})`, () => {
  it("records emails of different shapes with their events", async () => {
    // The second gives cc, the first does not: two statements for the emails.
    const prepared = [
      outgoing("a@example.com"),
      outgoing("b@example.com", { cc: ["c@example.com"] }),
    ];
    await withTransaction(app.runtime.db, (tx) =>
      insertOutgoingEmails(tx, app.runtime.jobs, prepared),
    );
    const ids = prepared.map((p) => p.row.id);
    const rows = await app.runtime.db
      .select({ id: emails.id })
      .from(emails)
      .where(inArray(emails.id, ids));
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    const events = await app.runtime.db
      .select({ emailId: emailEvents.emailId, type: emailEvents.type })
      .from(emailEvents)
      .where(inArray(emailEvents.emailId, ids));
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.type === "sent")).toBe(true);
  });

  it("fails with the statement that failed, and records nothing", async () => {
    const first = outgoing("d@example.com");
    await withTransaction(app.runtime.db, (tx) =>
      insertOutgoingEmails(tx, app.runtime.jobs, [first]),
    );
    // The same email again: its insert violates the primary key; its event's insert then meets
    // an aborted transaction.
    const again = outgoing("e@example.com");
    again.row.id = first.row.id;
    const error = await withTransaction(app.runtime.db, (tx) =>
      insertOutgoingEmails(tx, app.runtime.jobs, [again]),
    ).catch((e: unknown) => e as { code?: string; cause?: { code?: string } });
    expect(error?.code ?? error?.cause?.code).toBe("23505");
    const rows = await app.runtime.db
      .select({ to: emails.to })
      .from(emails)
      .where(eq(emails.id, first.row.id));
    expect(rows).toEqual([{ to: "d@example.com" }]);
  });
});
