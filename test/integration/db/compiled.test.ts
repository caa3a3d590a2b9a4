import { sql, TransactionRollbackError } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { compiledStatement } from "@/db/compiled";
import { suppressions } from "@/db/schema";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";

/**
 * db/compiled.ts: a statement built once and run many times must take each run's values (never
 * the first run's), on the database and inside a transaction, whose rollback undoes it.
 */
let app: TestApp;
let project: TestProject;
let other: TestProject;
let inTx: TestProject;

type SuppressValues = { projectId: string; email: string; reason: string };
type Row = { email: string; reason: string };

const buildSuppress = vi.fn(
  () => sql`insert into ${suppressions} (project_id, email, reason)
            values (${sql.placeholder("projectId")}, ${sql.placeholder("email")}, ${sql.placeholder("reason")})
            returning email, reason`,
);
const suppress = compiledStatement<SuppressValues>(buildSuppress);

const buildSuppressed = vi.fn(
  () => sql`select email, reason from ${suppressions}
            where project_id = ${sql.placeholder("projectId")} order by email`,
);
const suppressedOf = compiledStatement<{ projectId: string }>(buildSuppressed);

beforeAll(async () => {
  app = await startTestApp({ worker: "off" });
  project = await app.createProject({ name: "Compiled" });
  other = await app.createProject({ name: "Other" });
  inTx = await app.createProject({ name: "Transactions" });
});
afterAll(() => app?.close());

describe(`compiledStatement (${TEST_DRIVER})`, () => {
  it("runs on the database with each call's values, built once", async () => {
    const { db } = app.runtime;
    const given: SuppressValues[] = [
      { projectId: project.id, email: "a@example.com", reason: "manual" },
      { projectId: project.id, email: "b@example.com", reason: "complaint" },
      { projectId: other.id, email: "c@example.com", reason: "hard_bounce" },
    ];
    for (const values of given) {
      expect(await suppress<Row>(db, values)).toEqual([
        { email: values.email, reason: values.reason },
      ]);
    }
    expect(await suppressedOf<Row>(db, { projectId: project.id })).toEqual([
      { email: "a@example.com", reason: "manual" },
      { email: "b@example.com", reason: "complaint" },
    ]);
    expect(await suppressedOf<Row>(db, { projectId: other.id })).toEqual([
      { email: "c@example.com", reason: "hard_bounce" },
    ]);
    expect(await suppressedOf<Row>(db, { projectId: "nope" })).toEqual([]);
    expect(buildSuppress).toHaveBeenCalledTimes(1);
    expect(buildSuppressed).toHaveBeenCalledTimes(1);
  });

  it("runs inside a transaction: seen there, undone by a rollback, kept by a commit", async () => {
    const { db } = app.runtime;
    const rolledBack = db.transaction(async (tx) => {
      await suppress(tx, { projectId: inTx.id, email: "d@example.com", reason: "manual" });
      await suppress(tx, { projectId: inTx.id, email: "e@example.com", reason: "unsubscribe" });
      expect(await suppressedOf<Row>(tx, { projectId: inTx.id })).toEqual([
        { email: "d@example.com", reason: "manual" },
        { email: "e@example.com", reason: "unsubscribe" },
      ]);
      tx.rollback();
    });
    await expect(rolledBack).rejects.toBeInstanceOf(TransactionRollbackError);
    expect(await suppressedOf<Row>(db, { projectId: inTx.id })).toEqual([]);

    await db.transaction(async (tx) => {
      await suppress(tx, { projectId: inTx.id, email: "f@example.com", reason: "complaint" });
    });
    expect(await suppressedOf<Row>(db, { projectId: inTx.id })).toEqual([
      { email: "f@example.com", reason: "complaint" },
    ]);
    // One build each, whichever executor ran them (the database, then both transactions).
    expect(buildSuppress).toHaveBeenCalledTimes(1);
    expect(buildSuppressed).toHaveBeenCalledTimes(1);
  });
});
