import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailContents, emails } from "@/db/schema";
import { removeExpiredEmailContent } from "@/lib/emails/retention";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { startSmtpServer, waitFor } from "../../support/smtp-server";

/**
 * A template-built email stores its content once (email_contents) and its recipient's values,
 * not its rendered body (issue 25: a million recipients' 20 KiB newsletters were most of what a
 * campaign wrote). What is sent and what the log shows are rendered from those, the same as
 * when every body was stored.
 */
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let project: TestProject;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ worker: "embedded", config: { smtpUrl: smtp.url } });
  project = await app.createProject({ domain: "news.test" });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

async function post(path: string, body: unknown, method = "POST") {
  const response = await app.api(path, { method, key: project.live, body });
  expect(response.status, response.text).toBeLessThan(300);
  return response.body as { id: string };
}

/** An HTML template of the project's own. */
const htmlTemplate = (name: string, subject: string, source: string) =>
  post("/v1/templates", { name, format: "html", subject, source });

describe(`stored email content (${TEST_DRIVER})`, () => {
  it("a campaign stores its body once and each email its recipient's values; both variants render per recipient, on the wire and in the log", async () => {
    const people = [
      {
        email: "ada@example.com",
        name: "Ada Lovelace",
        data: { plan: "pro", notes: "n".repeat(2000) },
      },
      { email: "grace@example.com", name: "Grace Hopper", data: { plan: "free" } },
      { email: "alan@example.com", name: "Alan Turing", data: { plan: "<b>team</b>" } },
      { email: "kat@example.com", name: "Katherine Johnson", data: { plan: "pro" } },
    ];
    for (const person of people) await post("/v1/contacts", person);
    const template = await htmlTemplate(
      "Monthly",
      "News",
      "<html><body><p>Hi {{ first_name }}, you are on {{ data.plan }}.</p>" +
        '<p><a href="https://news.test/u?e={{ email }}">Your page</a></p></body></html>',
    );
    const campaign = await post("/v1/campaigns", {
      name: "Monthly",
      subject: "News for {{ first_name }}",
      from_name: "News",
      from_email: "hello@news.test",
      template: template.id,
      variants: ["Variant B for {{ first_name }}"],
    });
    await post(`/v1/campaigns/${campaign.id}/send`, {});
    const messages = await waitFor(
      () => (smtp.received.length >= people.length ? smtp.received : null),
      30_000,
      "the campaign's mail",
    );

    const rows = await app.runtime.db
      .select()
      .from(emails)
      .where(eq(emails.campaignId, campaign.id));
    expect(rows).toHaveLength(people.length);
    for (const row of rows) {
      expect(row.html).toBeNull();
      expect(row.text).toBeNull();
      expect(row.contentId).toMatch(/^ctn_/);
    }
    // One content for the campaign: both variants differ in subject only (stored per email).
    expect(new Set(rows.map((row) => row.contentId)).size).toBe(1);
    const contents = await app.runtime.db
      .select()
      .from(emailContents)
      .where(eq(emailContents.id, rows[0]!.contentId!));
    expect(contents).toHaveLength(1);
    expect(contents[0]!.source).toContain("{{ first_name }}");
    // Only what the template reads: not the contact's other fields.
    const ada = rows.find((row) => row.to === "ada@example.com")!;
    expect(ada.variables).toMatchObject({
      first_name: "Ada",
      email: "ada@example.com",
      data: { plan: "pro" },
    });
    expect(JSON.stringify(ada.variables)).not.toContain("notes");

    for (const person of people) {
      const first = person.name.split(" ")[0]!;
      const message = messages.find((m) => m.to.includes(person.email))!;
      const parsed = await simpleParser(message.raw);
      expect(parsed.subject).toMatch(new RegExp(`^(News|Variant B) for ${first}$`));
      const plan = person.data.plan.replace(/</g, "&lt;").replace(/>/g, "&gt;");
      expect(String(parsed.html)).toContain(`Hi ${first}, you are on ${plan}.`);
      expect(parsed.text).toContain(`Hi ${first}, you are on ${person.data.plan}.`);

      const row = rows.find((r) => r.to === person.email)!;
      const shown = await app.api(`/v1/emails/${row.id}`, { key: project.live });
      expect(shown.body.html).toContain(`Hi ${first}, you are on ${plan}.`);
      expect(shown.body.html).toContain(`https://news.test/u?e=${person.email}`);
      expect(shown.body.text).toContain(`Hi ${first}, you are on ${person.data.plan}.`);
      expect(shown.body.subject).toBe(parsed.subject);
    }

    // The template edited afterwards: what was sent is still what the log shows.
    await post(
      `/v1/templates/${template.id}`,
      { source: "<html><body><p>Something else entirely</p></body></html>" },
      "PATCH",
    );
    const again = await app.api(`/v1/emails/${ada.id}`, { key: project.live });
    expect(again.body.html).toContain("Hi Ada, you are on pro.");
    expect(again.body.html).not.toContain("Something else");
  });

  it("an API send of a template keeps the text it was given, and its body renders from the content", async () => {
    const template = await htmlTemplate(
      "Receipt",
      "Receipt",
      "<html><body><p>Thanks {{ name }}, order {{ order }}.</p></body></html>",
    );
    const sent = await post("/v1/send", {
      from: "hello@news.test",
      to: "lin@example.com",
      subject: "Your receipt",
      template: template.id,
      variables: { name: "Lin", order: "A-17", unused: "x".repeat(3000) },
      text: "Thanks Lin (plain).",
    });
    const [row] = await app.runtime.db.select().from(emails).where(eq(emails.id, sent.id));
    expect(row!.html).toBeNull();
    expect(row!.text).toBe("Thanks Lin (plain).");
    expect(row!.variables).toEqual({ name: "Lin", order: "A-17" });
    const shown = await app.api(`/v1/emails/${sent.id}`, { key: project.live });
    expect(shown.body.html).toContain("Thanks Lin, order A-17.");
    expect(shown.body.text).toBe("Thanks Lin (plain).");
    const message = await waitFor(
      () => smtp.received.find((m) => m.to.includes("lin@example.com")),
      15_000,
      "the receipt",
    );
    const parsed = await simpleParser(message.raw);
    expect(String(parsed.html)).toContain("Thanks Lin, order A-17.");
    expect(parsed.text?.trim()).toBe("Thanks Lin (plain).");
  });

  it("retention removes an email's values with its content: nothing of the recipient is left to render", async () => {
    const template = await htmlTemplate(
      "Old news",
      "Old",
      "<html><body><p>Dear {{ name }}</p></body></html>",
    );
    const sent = await post("/v1/send", {
      from: "hello@news.test",
      to: "old@example.com",
      subject: "Old news",
      template: template.id,
      variables: { name: "Edsger" },
    });
    await waitFor(
      async () =>
        (await app.api(`/v1/emails/${sent.id}`, { key: project.live })).body.status === "delivered",
      15_000,
      "delivered",
    );
    // Past the default 90 days of content.
    await app.runtime.db
      .update(emails)
      .set({ createdAt: new Date(Date.now() - 100 * 86_400_000) })
      .where(eq(emails.id, sent.id));
    const { emailsCleared } = await removeExpiredEmailContent(app.runtime);
    expect(emailsCleared).toBeGreaterThanOrEqual(1);
    const [row] = await app.runtime.db.select().from(emails).where(eq(emails.id, sent.id));
    expect(row!.variables).toBeNull();
    const shown = await app.api(`/v1/emails/${sent.id}`, { key: project.live });
    expect(shown.body.html).toBeNull();
    expect(shown.body.text).toBeNull();
  });
});
