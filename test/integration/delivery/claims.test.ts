import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryClaims, emails } from "@/db/schema";
import type { Database } from "@/db";
import {
  claimDeliveries,
  claimDeliveriesWithin,
  newDeliveryClaim,
  releaseDeliveryClaims,
  renewDeliveryClaims,
  requeueLapsedDeliveries,
} from "@/lib/sending/claims";
import { deliverEmails } from "@/lib/sending/deliver";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { startSmtpServer, waitFor } from "../../support/smtp-server";

/**
 * A message the relay accepted is not sent again because of how the database or the queue
 * behaved around it (audit: 14 duplicates when PostgreSQL restarted mid-campaign; 9 of 2,000
 * when a worker died): the outcome is written again until the database takes it, a second job
 * for an email another worker is delivering leaves it alone, and a dead worker's emails go out
 * once its claim lapses.
 */
let app: TestApp;
let project: TestProject;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    worker: "off",
    config: { smtpUrl: smtp.url, jobLeaseSeconds: 2 },
  });
  project = await app.createProject({ domain: "mail.test" });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

async function accepted(prefix: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await app.api("/v1/send", {
      method: "POST",
      key: project.live,
      body: { from: "hello@mail.test", to: `${prefix}${i}@example.com`, subject: "Hi", html: "x" },
    });
    expect(res.status, res.text).toBe(200);
    ids.push(res.body.id as string);
  }
  return ids;
}

const receivedBy = (prefix: string) =>
  smtp.received.filter((m) => m.to[0]?.startsWith(prefix)).map((m) => m.to[0]!);

const statuses = async (ids: string[]) =>
  (await app.runtime.db.select().from(emails).where(inArray(emails.id, ids))).map((e) => e.status);

/**
 * The database as a restart looks to a writer: the next `failures` transactions fail as
 * postgres.js reports a server that went away; every other call goes through.
 */
function restartingDatabase(db: Database, failures: number): Database {
  let left = failures;
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === "transaction" && left > 0) {
        return () => {
          left--;
          return Promise.reject(
            Object.assign(new Error("terminating connection due to administrator command"), {
              code: "57P01",
            }),
          );
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The email ids of the delivery jobs waiting in the queue that name any of `ids`, oldest first. */
async function queuedFor(ids: string[]) {
  const jobs = await app.runtime.handle.query<{ data: { emailIds: string[] } }>(
    `select data from pgboss.job where name = 'email-deliver' and state = 'created' order by created_on, id`,
  );
  return jobs.flatMap((j) => j.data.emailIds).filter((id) => ids.includes(id));
}

describe(`delivery claims and outcome writes (${TEST_DRIVER})`, () => {
  it("an outcome the database refuses during a restart is written once it is back, not sent again", async () => {
    const ids = await accepted("restart", 3);
    const runtime = { ...app.runtime, db: restartingDatabase(app.runtime.db, 3) };
    const outcomes = await deliverEmails(runtime, ids);
    expect([...outcomes.values()].map((o) => o.kind)).toEqual([
      "delivered",
      "delivered",
      "delivered",
    ]);
    expect(await statuses(ids)).toEqual(["delivered", "delivered", "delivered"]);
    // The job's retry (what pg-boss does after a failed handler) finds nothing left to send.
    await deliverEmails(app.runtime, ids);
    expect(receivedBy("restart").sort()).toEqual(
      ["restart0@example.com", "restart1@example.com", "restart2@example.com"].sort(),
    );
  });

  it("a second job for emails another worker is handing to the relay sends none of them", async () => {
    const ids = await accepted("twice", 4);
    smtp.hold();
    const first = deliverEmails(app.runtime, ids);
    await waitFor(() => smtp.heldCount() === 4, 10_000, "deliveries in flight");
    // A lapsed queue lease under a slow relay re-offers the job to another worker meanwhile.
    const second = await deliverEmails(app.runtime, ids);
    expect(second.size).toBe(0);
    smtp.release();
    await first;
    expect(receivedBy("twice")).toHaveLength(4);
    expect(await statuses(ids)).toEqual(["delivered", "delivered", "delivered", "delivered"]);
  });

  it("a dead worker's claim lapses after the lease and the next poll queues its emails once", async () => {
    const ids = await accepted("lapsed", 2);
    // Claimed by a worker that died before handing them over (lease: 2 s in this file).
    expect(await claimDeliveries(app.runtime.db, ids, newDeliveryClaim(2))).toHaveLength(2);
    expect((await deliverEmails(app.runtime, ids)).size).toBe(0);
    expect(await requeueLapsedDeliveries(app.runtime)).toBe(0);
    const jobsBefore = await queuedFor(ids);
    const claimedAt = Date.now();
    await waitFor(async () => (await requeueLapsedDeliveries(app.runtime)) === 2, 5_000, "lapse");
    expect(Date.now() - claimedAt).toBeLessThan(3_000);
    // Queued once, whoever polls next.
    expect(await requeueLapsedDeliveries(app.runtime)).toBe(0);
    const claims = await app.runtime.db
      .select()
      .from(deliveryClaims)
      .where(inArray(deliveryClaims.emailId, ids));
    expect(claims).toEqual([]);
    const queued = (await queuedFor(ids)).slice(jobsBefore.length);
    expect(queued.sort()).toEqual([...ids].sort());
    await deliverEmails(app.runtime, ids);
    expect(receivedBy("lapsed")).toHaveLength(2);
  });
});

describe("a claim beside its email", () => {
  /** The row version of each email (xmin changes whenever the row is rewritten). */
  const rowVersions = async (ids: string[]) =>
    (
      await app.runtime.handle.query<{ id: string; version: string }>(
        `select id, xmin::text as version from emails where id = any($1) order by id`,
        [ids],
      )
    ).map((row) => `${row.id}@${row.version}`);

  // Claiming used to set two columns of the email: a rewrite of its wide row and its ~18 index
  // entries, as costly as recording the outcome (0.17 ms an email in bench:campaign). Now a
  // claim, its renewal and its release touch only delivery_claims.
  it("is taken, renewed and given back without rewriting the email", async () => {
    const ids = await accepted("beside", 3);
    const before = await rowVersions(ids);
    const claim = newDeliveryClaim(60);
    expect(await claimDeliveries(app.runtime.db, ids, claim)).toHaveLength(3);
    expect(await renewDeliveryClaims(app.runtime.db, ids, claim)).toEqual(new Set(ids));
    await releaseDeliveryClaims(app.runtime.db, ids, claim);
    expect(await rowVersions(ids)).toEqual(before);
    // Given back: the next run claims them.
    expect(await claimDeliveries(app.runtime.db, ids, newDeliveryClaim(60))).toHaveLength(3);
  });

  it("ends with the outcome", async () => {
    const ids = await accepted("ended", 2);
    await deliverEmails(app.runtime, ids);
    expect(await statuses(ids)).toEqual(["delivered", "delivered"]);
    const claims = await app.runtime.db
      .select()
      .from(deliveryClaims)
      .where(inArray(deliveryClaims.emailId, ids));
    expect(claims).toEqual([]);
  });
});

describe("a claim beside an outcome being written", () => {
  // The outcome writer locks its emails, records the outcome and ends their claims in one
  // transaction. A second job claiming one of them meanwhile read it as still waiting, took the
  // claim the outcome had just ended once it committed, and sent the email again (the campaign
  // crash test: 3 of 3,000 received twice after a database restart).
  it("waits for the outcome and leaves the delivered email alone", async () => {
    const [id] = await accepted("racing", 1);
    expect(await claimDeliveries(app.runtime.db, [id!], newDeliveryClaim(60))).toHaveLength(1);
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const writer = app.runtime.db.transaction(async (tx) => {
      await tx.select().from(emails).where(eq(emails.id, id!)).for("update");
      await tx
        .update(emails)
        .set({ status: "delivered", sentAt: new Date() })
        .where(eq(emails.id, id!));
      await tx.delete(deliveryClaims).where(eq(deliveryClaims.emailId, id!));
      locked();
      await committed;
    });
    await holding;
    const secondClaim = claimDeliveries(app.runtime.db, [id!], newDeliveryClaim(60));
    // Give the claim time to reach the locked row before the outcome commits.
    await new Promise((resolve) => setTimeout(resolve, 200));
    commit();
    await writer;
    expect(await secondClaim).toEqual([]);
  });
});

describe("a claim given up on", () => {
  const claimsOf = (ids: string[]) =>
    app.runtime.db.select().from(deliveryClaims).where(inArray(deliveryClaims.emailId, ids));

  /** Runs `work` while another transaction holds the emails' rows, so their claim waits. */
  async function whileRowsLocked(ids: string[], work: () => Promise<void>) {
    let unlock!: () => void;
    const unlocked = new Promise<void>((resolve) => (unlock = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const locker = app.runtime.db.transaction(async (tx) => {
      await tx.select().from(emails).where(inArray(emails.id, ids)).for("update");
      locked();
      await unlocked;
    });
    await holding;
    try {
      await work();
    } finally {
      unlock();
      await locker;
    }
  }

  // On a saturated database a claim query outlived its deadline, was given up on, and committed
  // anyway: its emails stayed claimed by a run that had already failed, and waited out the whole
  // lease (the last 500 emails of a 100,000-recipient campaign cycled for minutes).
  it("gives back what the abandoned query took as soon as it commits", async () => {
    const ids = await accepted("abandoned", 2);
    const claim = newDeliveryClaim(60);
    // The database as the claim sees it, telling when claims are deleted (the give-back).
    let gaveBack!: () => void;
    const givenBack = new Promise<void>((resolve) => (gaveBack = resolve));
    const watched = new Proxy(app.runtime.db, {
      get(target, property, receiver) {
        if (property === "delete") {
          return (table: typeof deliveryClaims) => {
            const statement = target.delete(table);
            return {
              where: (condition: Parameters<typeof statement.where>[0]) =>
                statement.where(condition).then((result) => (gaveBack(), result)),
            };
          };
        }
        const value = Reflect.get(target, property, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    let given: unknown;
    await whileRowsLocked(ids, async () => {
      given = await claimDeliveriesWithin(watched, ids, claim, 150).catch((e) => e);
    });
    expect((given as Error).message).toMatch(/no answer from the database in 150 ms/);
    // Once the rows are free the abandoned query commits; what it took is then given back.
    await Promise.race([
      givenBack,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error("the abandoned claims were never given back")), 5_000),
      ),
    ]);
    expect(await claimsOf(ids)).toEqual([]);
    // Free for the batch's retry at once, not a 60 s lease later.
    expect(await claimDeliveries(app.runtime.db, ids, newDeliveryClaim(60))).toHaveLength(2);
  });

  it("is not given back when it answers in time", async () => {
    const ids = await accepted("intime", 2);
    const claim = newDeliveryClaim(60);
    expect(await claimDeliveriesWithin(app.runtime.db, ids, claim, 5_000)).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await claimsOf(ids)).map((c) => c.token)).toEqual([claim.token, claim.token]);
  });

  // A run that failed after its first claim (here: claiming a scheduled email it had just
  // released) left that first claim to lapse instead of giving it back.
  it("a run that fails after claiming gives back every claim it holds", async () => {
    const [waiting, scheduled] = await accepted("failing", 2);
    await app.runtime.db
      .update(emails)
      .set({ status: "scheduled", scheduledAt: new Date(Date.now() - 1_000) })
      .where(eq(emails.id, scheduled!));
    let claimInserts = 0;
    const failingSecondClaim = new Proxy(app.runtime.db, {
      get(target, property, receiver) {
        if (property === "insert") {
          return (table: unknown) => {
            if (table === deliveryClaims && ++claimInserts === 2) {
              throw Object.assign(new Error("connection lost"), { code: "CONNECTION_CLOSED" });
            }
            return target.insert(table as typeof deliveryClaims);
          };
        }
        const value = Reflect.get(target, property, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const runtime = { ...app.runtime, db: failingSecondClaim };
    await expect(deliverEmails(runtime, [waiting!, scheduled!])).rejects.toThrow(/connection lost/);
    expect(claimInserts).toBe(2);
    expect(await claimsOf([waiting!, scheduled!])).toEqual([]);
    await deliverEmails(app.runtime, [waiting!, scheduled!]);
    expect(receivedBy("failing")).toHaveLength(2);
  });
});
