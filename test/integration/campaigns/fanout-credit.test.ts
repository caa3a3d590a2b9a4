import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails } from "@/db/schema";
import { runCampaignFanout, startDueCampaigns } from "@/lib/campaigns/send";
import { deliverEmails } from "@/lib/sending/deliver";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { insertSubscribedContacts } from "../../support/campaigns";
import { startSmtpServer } from "../../support/smtp-server";

/** The fan-out runs at most a bounded number of emails ahead of delivery (issue 25, item 1). */
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // Jobs are enqueued for a worker that does not run here: the test plays fan-out and delivery.
  app = await startTestApp({ env: { SMTP_URL: smtp.url }, config: { worker: "external" } });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** A campaign to `contacts` contacts of a project of its own, sending (its fan-out not run). */
async function sendingCampaign(name: string, contacts: number) {
  const project: TestProject = await app.createProject({ name, domain: `${name}.test` });
  await insertSubscribedContacts(app, project.id, contacts, {
    idPrefix: `ct_${name}_`,
    emailPrefix: name,
  });
  const post = async (path: string, body: unknown) => {
    const response = await app.api(path, { method: "POST", key: project.live, body });
    expect(response.status, response.text).toBeLessThan(300);
    return response.body as { id: string };
  };
  const template = await post("/v1/templates", {
    name: "News",
    format: "html",
    subject: "News",
    source: "<html><body><p>Hello {{ first_name }}</p></body></html>",
  });
  const campaign = await post("/v1/campaigns", {
    name,
    subject: "News",
    from_name: "News",
    from_email: `news@${name}.test`,
    template: template.id,
  });
  await post(`/v1/campaigns/${campaign.id}/send`, {});
  await startDueCampaigns(app.runtime);
  return campaign.id;
}

const campaignEmails = (campaignId: string) =>
  app.runtime.db
    .select({ id: emails.id, status: emails.status })
    .from(emails)
    .where(eq(emails.campaignId, campaignId));

describe(`campaign fan-out credit (${TEST_DRIVER})`, () => {
  it("records no more than `ahead` emails beyond those delivered", async () => {
    const campaignId = await sendingCampaign("credit", 23);
    const fanout = runCampaignFanout(app.runtime, campaignId, { ahead: 5 });
    let mostWaiting = 0;
    // The first batch may take a while on a loaded machine (it once took over 300 ms); once it is
    // there, the fan-out must stop at its credit however long it is given.
    for (let waited = 0; (await campaignEmails(campaignId)).length < 5 && waited < 100; waited++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    for (let round = 0; round < 100; round++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const rows = await campaignEmails(campaignId);
      const waiting = rows.filter((e) => e.status !== "delivered");
      mostWaiting = Math.max(mostWaiting, waiting.length);
      if (rows.length === 23 && waiting.length === 0) break;
      // Nothing is delivered unless the test delivers it: the fan-out waits for its credit.
      if (round === 0) expect(rows).toHaveLength(5);
      await deliverEmails(
        app.runtime,
        waiting.map((e) => e.id),
      );
    }
    await fanout;
    const rows = await campaignEmails(campaignId);
    expect(rows.filter((e) => e.status === "delivered")).toHaveLength(23);
    expect(mostWaiting).toBe(5);
  });

  it("goes on when delivery settles nothing for a while (a relay that is down)", async () => {
    const campaignId = await sendingCampaign("stalled", 12);
    await runCampaignFanout(app.runtime, campaignId, { ahead: 4, stallMs: 500 });
    const rows = await campaignEmails(campaignId);
    expect(rows).toHaveLength(12);
    const delivered = await app.runtime.db
      .select({ id: emails.id })
      .from(emails)
      .where(and(eq(emails.campaignId, campaignId), inArray(emails.status, ["delivered"])));
    expect(delivered).toHaveLength(0);
  });
});
