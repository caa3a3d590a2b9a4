import { forgetProjectSettings } from "@/lib/projects/settings";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { domains, emails, projects } from "@/db/schema";
import { startTestApp, TEST_DRIVER, type TestApp } from "../../support/app";
import { dkimResult } from "../../support/dkim";
import {
  CONTACT,
  onTheWire,
  PRODUCERS,
  RULES_TEMPLATE_SOURCE,
  settledEmails,
  type KeyMode,
  type Produced,
  type Producer,
  type Scene,
} from "../../support/producers";
import { startSmtpServer } from "../../support/smtp-server";
import { spamassassinInstalled, spamScore } from "../../support/spamassassin";

// vi.mock is hoisted above the imports: the factories import the shared session lazily.
vi.mock("@/lib/web/auth", async () => (await import("../../support/dashboard-session")).authMock());
vi.mock("next/headers", async () =>
  (await import("../../support/dashboard-session")).headersMock(),
);
vi.mock("next/cache", async () => (await import("../../support/dashboard-session")).cacheMock());

/**
 * DECISIONS §8 as a table: every rule against every producer (POST /v1/send, a dashboard test
 * send, a campaign, an automation email step, a double opt-in confirmation), with a worker and
 * with WORKER=off, on the driver under test. Each case is a project of its own; what reached the
 * real SMTP server is what the rule is judged on.
 */
type Rule = {
  name: string;
  applies?: (producer: Producer) => boolean;
  mode?: KeyMode;
  /** Before the producer runs (the recipient is a contact by then when the producer needs one). */
  setup?: (scene: Scene, producer: Producer) => Promise<void>;
  check(
    scene: Scene,
    producer: Producer,
    produced: Produced,
    sent: Awaited<ReturnType<typeof settledEmails>>,
  ): Promise<void>;
};

/** A header as it went over the wire, unfolded (the first one of that name). */
function headerOf(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
  const line = head.split("\r\n").find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

const SPAMASSASSIN = spamassassinInstalled() || process.env.CI === "true";
const POSTAL_ADDRESS = "Acme Inc.\n1 Main Street\nSpringfield, IL 62701";

async function setDomain(scene: Scene, values: Partial<typeof domains.$inferInsert>) {
  await scene.app.runtime.db
    .update(domains)
    .set(values)
    .where(eq(domains.projectId, scene.project.id));
}

const RULES: Rule[] = [
  {
    name: "delivers a live email, DKIM-signed, with the contact's fields filled",
    async check(scene, producer, produced, sent) {
      expect(produced.refused).toBeUndefined();
      expect(sent.map((e) => [e.status, e.mode])).toEqual([["delivered", "live"]]);
      const wire = await onTheWire(scene);
      expect(wire, "the message on the wire").not.toBeNull();
      expect(await dkimResult(scene.app.runtime.db, scene.project.id, wire!.raw)).toBe("pass");
      if (producer.usesTemplate) {
        expect(wire!.mail.text).toContain(`Hi Ada, this was sent to ${scene.to} on the pro plan.`);
      }
    },
  },
  {
    name: "scores under 1.0 with SpamAssassin's local rules",
    // CI installs spamassassin (.ci/run); a developer machine without it skips this row.
    applies: () => SPAMASSASSIN,
    async check(scene) {
      const wire = (await onTheWire(scene))!;
      const { score, rules } = await spamScore(wire.raw);
      expect(score, `rules hit: ${rules.join(", ")}`).toBeLessThan(1.0);
    },
  },
  {
    name: "refuses a sender whose domain is not verified",
    async setup(scene, producer) {
      const unverify = () => setDomain(scene, { status: "pending" });
      // A campaign's draft checks its sender when it is created: unverify just before sending.
      if (producer.name === "campaign") scene.beforeSend = unverify;
      else await unverify();
    },
    async check(scene, producer, produced, sent) {
      expect(await onTheWire(scene)).toBeNull();
      if (producer.name === "dashboard") {
        // Without a verified sender a dashboard test send is simulated, never delivered
        // (lib/sending/test-send.ts): a test-mode email, nothing on the wire.
        expect(produced.refused).toBeUndefined();
        expect(sent.map((e) => e.mode)).toEqual(["test"]);
        return;
      }
      expect(sent).toEqual([]);
      if (["send", "campaign"].includes(producer.name))
        expect(produced.refused).toBe("domain_not_verified");
    },
  },
  {
    name: "never emails a suppressed address",
    async setup(scene) {
      const added = await scene.app.api("/v1/suppressions", {
        method: "POST",
        key: scene.project.live,
        body: { email: scene.to },
      });
      expect(added.status, added.text).toBeLessThan(300);
    },
    async check(scene, producer, produced, sent) {
      expect(sent).toEqual([]);
      expect(await onTheWire(scene)).toBeNull();
      if (producer.name === "send") expect(produced.refused).toBe("recipient_suppressed");
    },
  },
  {
    name: "test mode follows the cause: a test key's request makes a simulated email",
    applies: (p) => p.testKeyCause,
    mode: "test",
    async check(scene, _producer, produced, sent) {
      expect(produced.refused).toBeUndefined();
      expect(sent.map((e) => [e.status, e.mode])).toEqual([["delivered", "test"]]);
      expect(await onTheWire(scene)).toBeNull();
    },
  },
  {
    name: "a test key cannot cause what only live keys and the dashboard do",
    applies: (p) => p.name === "campaign",
    mode: "test",
    async check(scene, _producer, produced, sent) {
      expect(produced.refused).toBe("test_key_campaign");
      expect(sent).toEqual([]);
    },
  },
  {
    name: "marketing mail carries one-click unsubscribe, untracked and with its own token",
    async check(scene, producer, _produced, sent) {
      const wire = (await onTheWire(scene))!;
      const header = headerOf(wire.raw, "List-Unsubscribe");
      if (!producer.marketing) {
        expect(header).toBeUndefined();
        expect(sent[0]!.unsubscribeToken).toBeNull();
        return;
      }
      const email = sent[0]!;
      const url = `${scene.app.runtime.config.appUrl}/u/${email.unsubscribeToken}`;
      expect(email.unsubscribeToken).not.toBe(email.trackingToken);
      expect(header).toBe(`<${url}>`);
      expect(headerOf(wire.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      // The visible link is the same URL, never rewritten to a tracked redirect.
      expect(wire.mail.html).toContain(`href="${url}"`);
      expect(wire.mail.text).toContain(url);
      // One click: the contact is unsubscribed and no click is counted.
      const oneClick = await fetch(`${scene.app.baseUrl}/u/${email.unsubscribeToken}`, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(oneClick.status).toBe(200);
      const contact = await scene.app.api(`/v1/contacts?email=${encodeURIComponent(scene.to)}`, {
        key: scene.project.live,
      });
      expect(contact.body.data[0].subscribed).toBe(false);
      const [after] = await scene.app.runtime.db
        .select({ clicks: emails.clicks })
        .from(emails)
        .where(eq(emails.id, email.id));
      expect(after!.clicks).toBe(0);
      // The tracking token (seen in every pixel URL) unsubscribes nobody.
      expect((await fetch(`${scene.app.baseUrl}/u/${email.trackingToken}`)).status).toBe(404);
    },
  },
  {
    name: "marketing mail prints the project's postal address",
    async setup(scene) {
      await scene.app.runtime.db
        .update(projects)
        .set({ postalAddress: POSTAL_ADDRESS })
        .where(eq(projects.id, scene.project.id));
      // Written behind the settings service's back: forget what the process cached, as it does.
      forgetProjectSettings(scene.app.runtime.caches);
    },
    async check(scene, producer) {
      const wire = (await onTheWire(scene))!;
      const line = "Acme Inc., 1 Main Street, Springfield, IL 62701";
      if (producer.marketing) {
        expect(wire.mail.text).toContain(line);
        expect(wire.mail.html).toContain(line);
      } else {
        expect(wire.mail.text).not.toContain(line);
      }
    },
  },
  {
    name: "campaign mail carries List-Id and Feedback-ID",
    async check(scene, producer, _produced, sent) {
      const wire = (await onTheWire(scene))!;
      if (producer.name !== "campaign") {
        expect(headerOf(wire.raw, "List-Id")).toBeUndefined();
        expect(headerOf(wire.raw, "Feedback-ID")).toBeUndefined();
        return;
      }
      expect(headerOf(wire.raw, "List-Id")).toMatch(/^<[a-z0-9-]+\.list-id\.mail\.test>$/);
      // Gmail's feedback loop trusts a Feedback-ID only under the sender's DKIM signature.
      expect(headerOf(wire.raw, "DKIM-Signature")).toMatch(/\bh=[^;]*\bfeedback-id\b/i);
      expect(await dkimResult(scene.app.runtime.db, scene.project.id, wire.raw)).toBe("pass");
      expect(headerOf(wire.raw, "Feedback-ID")).toBe(
        `${sent[0]!.campaignId}:campaign:${scene.project.id}:mailwright`,
      );
    },
  },
  {
    name: "tracks opens and clicks by default, except links marked data-mw-no-track",
    async check(scene, producer) {
      const wire = (await onTheWire(scene))!;
      const html = wire.mail.html as string;
      expect(html).toContain(`${scene.app.runtime.config.appUrl}/api/t/o/`);
      if (producer.usesTemplate) {
        expect(html).not.toContain('href="https://docs.example.org/start"');
        expect(html).toContain("/api/t/c/");
        expect(html).toContain('href="https://app.example.org/reset?token=s3cret"');
      }
    },
  },
  {
    name: "the domain's tracking switches turn the pixel and link rewriting off",
    async setup(scene) {
      const [domain] = await scene.app.runtime.db
        .select({ id: domains.id })
        .from(domains)
        .where(eq(domains.projectId, scene.project.id));
      const patched = await scene.app.api(`/v1/domains/${domain!.id}`, {
        method: "PATCH",
        key: scene.project.live,
        body: { open_tracking: false, click_tracking: false },
      });
      expect(patched.body, patched.text).toMatchObject({
        open_tracking: false,
        click_tracking: false,
      });
    },
    async check(scene, producer) {
      const wire = (await onTheWire(scene))!;
      const html = wire.mail.html as string;
      expect(html).not.toContain("/api/t/");
      if (producer.usesTemplate) expect(html).toContain('href="https://docs.example.org/start"');
    },
  },
];

/** With WORKER=off the rules whose wiring differs without a worker. */
const WITHOUT_WORKER = new Set(
  [
    "delivers a live email, DKIM-signed, with the contact's fields filled",
    "test mode follows the cause: a test key's request makes a simulated email",
    "marketing mail carries one-click unsubscribe, untracked and with its own token",
    "tracks opens and clicks by default, except links marked data-mw-no-track",
    "the domain's tracking switches turn the pixel and link rewriting off",
  ].map((name) => {
    if (!RULES.some((r) => r.name === name)) throw new Error(`no rule named ${name}`);
    return name;
  }),
);

for (const worker of ["embedded", "off"] as const) {
  describe(`sending rules × producers (${TEST_DRIVER}, WORKER=${worker})`, () => {
    let app: TestApp;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let cases = 0;

    beforeAll(async () => {
      smtp = await startSmtpServer();
      app = await startTestApp({
        worker,
        env: { SMTP_URL: smtp.url, AUTOMATION_POLL_MS: "100" },
      });
    });
    afterAll(async () => {
      await app?.close();
      await smtp?.close();
    });

    async function scene(producer: Producer): Promise<Scene> {
      const project = await app.createProject({ name: "Acme", domain: "mail.test" });
      const template = await app.api("/v1/templates", {
        method: "POST",
        key: project.live,
        body: {
          name: "Rules",
          format: "html",
          subject: "Your guide, {{first_name}}",
          source: RULES_TEMPLATE_SOURCE,
        },
      });
      expect(template.status, template.text).toBe(201);
      const to = `${producer.name.replace(/_/g, "-")}-${++cases}@example.com`;
      if (producer.needsContact) {
        const contact = await app.api("/v1/contacts", {
          method: "POST",
          key: project.live,
          body: { email: to, ...CONTACT },
        });
        expect(contact.status, contact.text).toBe(201);
      }
      return { app, project, templateId: template.body.id, to, received: smtp.received };
    }

    const rules = worker === "off" ? RULES.filter((r) => WITHOUT_WORKER.has(r.name)) : RULES;
    describe.each(rules.map((rule) => [rule.name, rule] as const))("%s", (_name, rule) => {
      const producers = PRODUCERS.filter((p) => rule.applies?.(p) ?? true);
      // A row for no producer here (SpamAssassin not installed) shows as skipped, not as an
      // empty suite, which vitest counts as a failure.
      if (producers.length === 0) return it.skip("applies to no producer on this machine");
      it.each(producers.map((p) => [p.name, p] as const))("%s", async (_producer, producer) => {
        const current = await scene(producer);
        await rule.setup?.(current, producer);
        const produced = await producer.produce(current, rule.mode ?? "live");
        const sent = await settledEmails(current);
        await rule.check(current, producer, produced, sent);
      });
    });
  });
}
