import { and, eq, inArray } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { expect } from "vitest";
import { automationRuns, emails, projects, type Email } from "@/db/schema";
import { executeRuns } from "@/lib/automations/execute";
import * as templateActions from "@/lib/web/dashboard/actions/templates";
import { deliverEmails } from "@/lib/sending/deliver";
import { createUser } from "@/lib/users/users";
import type { TestApp, TestProject } from "./app";
import { signInAs } from "./dashboard-session";
import { waitFor, type ReceivedMessage } from "./smtp-server";

/**
 * The five producers of email (DECISIONS §8), each driven the way its users drive it: the API,
 * a dashboard server action, a campaign send, an automation triggered by an event, a double
 * opt-in started by a new contact. Used by the table of sending rules
 * (test/integration/sending/rules.test.ts).
 * The dashboard producer needs the caller to vi.mock @/lib/auth, next/headers and next/cache.
 */
export type ProducerName = "send" | "dashboard" | "campaign" | "automation" | "double_opt_in";
export type KeyMode = "live" | "test";

/** A project of its own per case, with a verified domain and a template of our making. */
export type Scene = {
  app: TestApp;
  project: TestProject;
  templateId: string;
  to: string;
  /** The SMTP server's mailbox, to find what reached the wire. */
  received: ReceivedMessage[];
  /** Runs between preparing a campaign and sending it (a campaign's draft checks its sender). */
  beforeSend?: () => Promise<void>;
};

/** What the producer answered: an API error code when it refused. */
export type Produced = { refused?: string };

export type Producer = {
  name: ProducerName;
  marketing: boolean;
  /** Whether the scene's template is the one sent (double opt-in sends its system template). */
  usesTemplate: boolean;
  /** Whether a request made with a test key can cause it. */
  testKeyCause: boolean;
  /** The recipient is a contact before the producer runs (double opt-in creates it). */
  needsContact: boolean;
  produce(scene: Scene, mode: KeyMode): Promise<Produced>;
};

export const CONTACT = { name: "Ada Lovelace", data: { plan: "pro" } };

/**
 * A template that shows every rule at once: the contact's fields, a link that is tracked when
 * click tracking is on, and a link marked `data-mw-no-track` that never is.
 */
export const RULES_TEMPLATE_SOURCE =
  "<html><body><p>Hi {{first_name}}, this was sent to {{email}} on the {{data.plan}} plan.</p>" +
  '<p><a href="https://docs.example.org/start">Read the guide</a></p>' +
  '<p><a data-mw-no-track href="https://app.example.org/reset?token=s3cret">Reset your password</a></p>' +
  "</body></html>";

const refusal = (response: { status: number; body: { error?: { code?: string } } }) =>
  response.status >= 400 ? { refused: response.body.error?.code ?? String(response.status) } : {};

function keyOf(scene: Scene, mode: KeyMode) {
  return mode === "test" ? scene.project.test : scene.project.live;
}

/** Waits for the project's automation runs to have taken (or failed) their email step. */
async function settleRuns(scene: Scene) {
  const { app } = scene;
  const runs = () =>
    app.runtime.db
      .select({
        id: automationRuns.id,
        status: automationRuns.status,
        stepsExecuted: automationRuns.stepsExecuted,
      })
      .from(automationRuns)
      .where(eq(automationRuns.projectId, scene.project.id));
  await waitFor(async () => (await runs()).length > 0, 15_000, "an automation run");
  if (app.runtime.config.worker === "off") {
    // Nobody works the queue: run the executor as a worker would.
    await executeRuns(
      app.runtime,
      (await runs()).map((r) => r.id),
    );
  }
  await waitFor(
    async () => (await runs()).every((r) => r.stepsExecuted > 0 || r.status === "failed"),
    15_000,
    "the automation's email step",
  );
}

export const PRODUCERS: Producer[] = [
  {
    name: "send",
    marketing: false,
    usesTemplate: true,
    testKeyCause: true,
    needsContact: true,
    async produce(scene, mode) {
      const response = await scene.app.api("/v1/send", {
        method: "POST",
        key: keyOf(scene, mode),
        body: {
          from: "Acme <hello@mail.test>",
          to: scene.to,
          subject: "Your guide, {{first_name}}",
          template: scene.templateId,
        },
      });
      return refusal(response);
    },
  },
  {
    name: "dashboard",
    marketing: false,
    usesTemplate: true,
    testKeyCause: false,
    needsContact: true,
    async produce(scene) {
      const { user } = await createUser(scene.app.runtime.db, {
        email: `admin-${scene.project.id.toLowerCase()}@rules.test`,
        password: "correct horse battery",
        role: "admin",
        projectId: scene.project.id,
      });
      signInAs(user.id, scene.project.id);
      const result = await templateActions.sendTestEmailAction(scene.templateId, {
        to: scene.to,
        variables: {},
      });
      return result.ok ? {} : { refused: result.code ?? result.message };
    },
  },
  {
    name: "campaign",
    marketing: true,
    usesTemplate: true,
    testKeyCause: false,
    needsContact: true,
    async produce(scene, mode) {
      const { app } = scene;
      const draft = await app.api("/v1/campaigns", {
        method: "POST",
        key: scene.project.live,
        body: {
          name: "Rules",
          subject: "News for {{first_name}}",
          from_name: "Acme",
          from_email: "news@mail.test",
          template: scene.templateId,
        },
      });
      expect(draft.status, draft.text).toBe(201);
      await scene.beforeSend?.();
      const sent = await app.api(`/v1/campaigns/${draft.body.id}/send`, {
        method: "POST",
        key: keyOf(scene, mode),
      });
      if (sent.status >= 400) return refusal(sent);
      await waitFor(
        async () =>
          (await app.api(`/v1/campaigns/${draft.body.id}`, { key: scene.project.live })).body
            .status === "sent",
        15_000,
        "the campaign sent",
      );
      return {};
    },
  },
  {
    name: "automation",
    marketing: true,
    usesTemplate: true,
    testKeyCause: true,
    needsContact: true,
    async produce(scene, mode) {
      const { app } = scene;
      const created = await app.api("/v1/automations", {
        method: "POST",
        key: scene.project.live,
        body: {
          name: "Rules",
          trigger: { event: "event", name: "go" },
          steps: [{ type: "email", templateId: scene.templateId }],
        },
      });
      expect(created.status, created.text).toBe(201);
      const live = await app.api(`/v1/automations/${created.body.id}`, {
        method: "PATCH",
        key: scene.project.live,
        body: { status: "live" },
      });
      expect(live.status, live.text).toBe(200);
      const event = await app.api("/v1/events", {
        method: "POST",
        key: keyOf(scene, mode),
        body: { name: "go", email: scene.to },
      });
      expect(event.status, event.text).toBe(201);
      await settleRuns(scene);
      return {};
    },
  },
  {
    name: "double_opt_in",
    marketing: false,
    usesTemplate: false,
    testKeyCause: true,
    needsContact: false,
    async produce(scene, mode) {
      await scene.app.runtime.db
        .update(projects)
        .set({ doubleOptIn: true })
        .where(eq(projects.id, scene.project.id));
      const created = await scene.app.api("/v1/contacts", {
        method: "POST",
        key: keyOf(scene, mode),
        body: { email: scene.to, ...CONTACT },
      });
      return refusal(created);
    },
  },
];

/**
 * The project's emails to the scene's recipient once none is waiting for delivery; with no
 * worker (WORKER=off) pending deliveries are made here, through the same delivery code.
 */
export async function settledEmails(scene: Scene): Promise<Email[]> {
  const { app } = scene;
  const mine = () =>
    app.runtime.db
      .select()
      .from(emails)
      .where(and(eq(emails.projectId, scene.project.id), eq(emails.to, scene.to)));
  if (app.runtime.config.worker === "off") {
    const pending = (await mine()).filter((e) => e.status === "sent").map((e) => e.id);
    if (pending.length > 0) await deliverEmails(app.runtime, pending);
  }
  return waitFor(
    async () => {
      const rows = await mine();
      return rows.every((e) => e.status !== "sent" && e.status !== "queued") ? rows : null;
    },
    15_000,
    `deliveries to ${scene.to} settled`,
  );
}

/** The message the SMTP server accepted for the scene's recipient, parsed; null when none. */
export async function onTheWire(scene: Scene): Promise<{ raw: string; mail: ParsedMail } | null> {
  const message = scene.received.find((m) => m.to.includes(scene.to));
  if (!message) return null;
  return { raw: message.raw, mail: await simpleParser(message.raw) };
}

/** Emails of the project, by id (for the unsubscribe and click assertions). */
export async function emailsById(app: TestApp, ids: string[]) {
  return app.runtime.db.select().from(emails).where(inArray(emails.id, ids));
}
