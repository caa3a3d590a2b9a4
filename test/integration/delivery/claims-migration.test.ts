import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DRIVER } from "../../support/app";
import { databaseBefore, type DatabaseBeforeMigration } from "../../support/migrations";

/**
 * Migration 0039 moves delivery claims from two columns of emails to delivery_claims: a claim
 * live during the upgrade comes along (its worker is mid-delivery and still holds the email);
 * the leftovers of emails that have their outcome do not.
 */
describe(`the delivery claims migration (${TEST_DRIVER})`, () => {
  let db: DatabaseBeforeMigration;

  beforeAll(async () => {
    db = await databaseBefore("0039_delivery_claims");
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it("carries over the claims of emails still waiting for their outcome", async () => {
    const { handle } = db;
    await handle.query(
      `insert into projects (id, name, created_at, updated_at) values ('prj_m', 'P', now(), now())`,
    );
    const email = (id: string, status: string, sentAt: string, claim: string | null) =>
      handle.query(
        `insert into emails (id, project_id, type, status, from_address, "to", subject,
                             tracking_token, sent_at, delivery_claim, delivery_claimed_until,
                             created_at, updated_at)
         values ($1, 'prj_m', 'campaign', $2, 'a@m.test', 'b@example.com', 'Hi', $1,
                 ${sentAt}, $3, ${claim ? "now() + interval '1 minute'" : "null"}, now(), now())`,
        [id, status, claim],
      );
    await email("em_inflight", "sent", "null", "tok_run");
    await email("em_delivered", "delivered", "now()", "tok_old");
    await email("em_waiting", "sent", "null", null);

    await db.migrateRest();

    const claims = await handle.query<{ email_id: string; token: string; live: boolean }>(
      `select email_id, token, claimed_until > now() as live from delivery_claims order by 1`,
    );
    expect(claims).toEqual([{ email_id: "em_inflight", token: "tok_run", live: true }]);
  });
});
