import { and, inArray } from "drizzle-orm";
import { suppressions } from "@/db/schema";
import type { Executor } from "@/db";
import { findVerifiedDomain } from "../domains/find-verified";
import { AppError, NotFoundError } from "../errors";
import type { Runtime } from "../runtime";
import { resolveDefaultSender } from "../projects/sender";
import { insertOutgoingEmails, prepareOutgoingEmail, type PreparedEmail } from "../sending/record";
import { compileTemplate, type CompiledTemplate } from "../templates/compiled";
import { findReadableTemplateOrThrow } from "../templates/internal";
import { contactVariables } from "../contacts/variables";
import { ttlCache } from "../ttl-cache";
import type { RunFacts } from "./conditions";
import type { EmailResult, EmailStepRecord, RunContext } from "./runner";

// Thousands of runs reach the same email step at once: a project's sender, its domain and the
// template are read once every few seconds, and a template version is compiled once.
const CACHE_MS = 5_000;
const senders = ttlCache<Awaited<ReturnType<typeof resolveDefaultSender>>>(CACHE_MS);
const verifiedDomains = ttlCache<boolean>(CACHE_MS);
const templates = ttlCache<Awaited<ReturnType<typeof findReadableTemplateOrThrow>> | null>(
  CACHE_MS,
);
const compiled = ttlCache<CompiledTemplate>(10 * 60_000, 200);

/**
 * Automation `email` steps of one executor batch, through the sending pipeline: from the
 * project's default sender (DECISIONS §4), the step's template filled with the contact and the
 * triggering event, type `automation`. The emails are inserted with their delivery jobs in the
 * batch's transaction (`flush`), so a retried batch never sends twice. A suppressed address skips
 * the step; a missing sender, unverified sender domain or missing template fails it.
 */
export class AutomationEmailBatch {
  private readonly prepared: PreparedEmail[] = [];
  private suppressed = new Set<string>();

  constructor(
    private readonly tx: Executor,
    private readonly runtime: Runtime,
    private readonly now: Date,
  ) {}

  /** One query for the suppression status of every contact the batch may email. */
  async loadSuppressions(recipients: { projectId: string; email: string }[]) {
    if (recipients.length === 0) return;
    const rows = await this.tx
      .select({ projectId: suppressions.projectId, email: suppressions.email })
      .from(suppressions)
      .where(
        and(
          inArray(suppressions.projectId, [...new Set(recipients.map((r) => r.projectId))]),
          inArray(suppressions.email, [...new Set(recipients.map((r) => r.email))]),
        ),
      );
    this.suppressed = new Set(rows.map((r) => `${r.projectId}:${r.email}`));
  }

  async send(args: {
    projectId: string;
    runId: string;
    contactId: string;
    step: EmailStepRecord;
    facts: RunFacts;
    context: RunContext;
  }): Promise<EmailResult> {
    const { projectId, step, facts } = args;
    const tx = this.tx;
    const sender = await senders.get(projectId, () => resolveDefaultSender(tx, projectId));
    if (!sender) {
      return {
        error: "The project has no sender: set a default sender in Settings or verify a domain.",
      };
    }
    const fromDomain = sender.address.slice(sender.address.lastIndexOf("@") + 1);
    const verified = await verifiedDomains.get(`${projectId}:${fromDomain}`, async () =>
      Boolean(await findVerifiedDomain(tx, projectId, fromDomain)),
    );
    if (!verified) return { error: `The sender domain ${fromDomain} is not verified.` };
    if (this.suppressed.has(`${projectId}:${facts.contact.email}`)) {
      return { outcome: "skipped", detail: { reason: "suppressed" } };
    }
    const template = await templates.get(`${projectId}:${step.templateId}`, () =>
      findReadableTemplateOrThrow(tx, projectId, step.templateId).catch((error: unknown) => {
        if (error instanceof NotFoundError) return null;
        throw error;
      }),
    );
    if (!template) return { error: `Template ${step.templateId} no longer exists.` };

    let rendered;
    try {
      const version = `${template.id}:${template.updatedAt.getTime()}`;
      const render = await compiled.get(version, () => compileTemplate(template));
      rendered = await render.render(contactVariables(facts.contact, args.context.event), {
        subject: step.subjectOverride || template.subject,
      });
    } catch (error) {
      if (error instanceof AppError) return { error: `Template ${template.id}: ${error.message}` };
      throw error;
    }
    const email = prepareOutgoingEmail(
      {
        projectId,
        keyMode: args.context.mode === "test" ? "test" : "live",
        config: this.runtime.config,
        now: this.now,
      },
      "automation",
      {
        fromDomain,
        fromAddress: sender.from,
        to: facts.contact.email,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        templateId: template.id,
        contactId: args.contactId,
        automationRunId: args.runId,
      },
    );
    this.prepared.push(email);
    return { outcome: email.row.status, detail: { email_id: email.row.id } };
  }

  /** Inserts the batch's emails, events and delivery jobs; true when any will be delivered. */
  async flush(): Promise<boolean> {
    await insertOutgoingEmails(this.tx, this.runtime.jobs, this.prepared);
    return this.prepared.some((p) => p.deliver);
  }
}
