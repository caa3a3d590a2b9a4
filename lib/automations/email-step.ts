import { sql } from "drizzle-orm";
import { rowsOf, type Executor } from "@/db";
import { contacts } from "@/db/schema";
import { AppError } from "@/lib/core/errors";
import type { Runtime } from "@/lib/core/runtime";
import { OutboundBatch } from "../sending/outbound";
import { optedInSql } from "../topics/subscription-sql";
import type { RunFacts } from "./conditions";
import type { EmailResult, EmailStepRecord, RunContext } from "./runner";

/**
 * Automation `email` steps of one executor batch, through the outbound pipeline: from the
 * project's default sender (DECISIONS §4), the step's template filled with the contact and the
 * triggering event, type `automation` (marketing: unsubscribe link and headers), in test mode when
 * a test key caused the run. The emails are inserted with their delivery jobs in the batch's
 * transaction (`flush`), so a retried batch never sends twice. A suppressed address skips the
 * step; a missing sender, an unverified sender domain or a missing template fails it.
 */
export class AutomationEmailBatch {
  private readonly outbound: OutboundBatch;

  constructor(
    private readonly tx: Executor,
    runtime: Pick<Runtime, "config" | "jobs" | "transports" | "caches">,
    now: Date,
  ) {
    this.outbound = new OutboundBatch(tx, runtime, now);
  }

  /** One query per project for the suppression status of every contact the batch may email. */
  async loadSuppressions(recipients: { projectId: string; email: string }[]) {
    const byProject = new Map<string, string[]>();
    for (const { projectId, email } of recipients)
      byProject.set(projectId, [...(byProject.get(projectId) ?? []), email]);
    for (const [projectId, emails] of byProject)
      await this.outbound.loadSuppressions(projectId, emails);
  }

  async send(args: {
    projectId: string;
    automationId: string;
    runId: string;
    contactId: string;
    step: EmailStepRecord;
    facts: RunFacts;
    context: RunContext;
  }): Promise<EmailResult> {
    const { projectId, step, facts } = args;
    let sender;
    try {
      sender = await this.outbound.sender(projectId, "default");
    } catch (error) {
      if (error instanceof AppError) return { error: error.message };
      throw error;
    }
    if (step.topicId && !(await this.optedIn(args.contactId, step.topicId))) {
      return { outcome: "skipped", detail: { reason: "opted_out", topic_id: step.topicId } };
    }
    const template = await this.outbound.template(projectId, step.templateId);
    if (!template) return { error: `Template ${step.templateId} no longer exists.` };
    try {
      const sent = await this.outbound.add({
        projectId,
        type: "automation",
        mode: args.context.mode === "test" ? "test" : "live",
        sender,
        to: { address: facts.contact.email, name: facts.contact.name },
        contact: { ...facts.contact, id: args.contactId },
        content: { template, subject: step.subjectOverride || template.subject },
        event: args.context.event,
        automation: { id: args.automationId, runId: args.runId },
        topicId: step.topicId ?? null,
      });
      if (sent.status === "suppressed")
        return { outcome: "skipped", detail: { reason: "suppressed" } };
      return { outcome: sent.status, detail: { email_id: sent.id } };
    } catch (error) {
      if (error instanceof AppError) return { error: `Template ${template.id}: ${error.message}` };
      throw error;
    }
  }

  /** Whether the contact is opted in to the topic (its choice, else the topic's default). */
  private async optedIn(contactId: string, topicId: string): Promise<boolean> {
    const result = await this.tx.execute(
      sql`select ${optedInSql(topicId, "c")} as opted_in from ${contacts} c where c.id = ${contactId}`,
    );
    return rowsOf<{ opted_in: boolean | null }>(result)[0]?.opted_in === true;
  }

  /** Inserts the batch's emails, events and delivery jobs; true when any will be delivered. */
  flush(): Promise<boolean> {
    return this.outbound.flush();
  }
}
