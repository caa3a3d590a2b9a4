import type { Executor } from "@/db";
import type { ServiceContext } from "../context";
import { AppError, NotFoundError } from "../errors";
import { resolveDefaultSender } from "../projects/sender";
import { recordOutgoingEmail } from "../sending/record";
import { sendChecks } from "../sending/send";
import { findReadableTemplateOrThrow } from "../templates/internal";
import { compileTemplate, type CompiledTemplate } from "../templates/compiled";
import type { Variables } from "../templates/variables";
import { ttlCache } from "../ttl-cache";
import type { RunFacts } from "./conditions";
import type { EmailResult, EmailStepRecord, RunContext } from "./runner";

// Thousands of runs reach the same email step at once: read its sender and template once a few
// seconds, not once per contact. An edit is picked up within the TTL.
const senders = ttlCache<Awaited<ReturnType<typeof resolveDefaultSender>>>(5_000);
const templates = ttlCache<Awaited<ReturnType<typeof findReadableTemplateOrThrow>> | null>(5_000);
// Compiled per template version: React Email renders a template once, not once per contact.
const compiled = ttlCache<CompiledTemplate>(10 * 60_000, 200);

/**
 * An automation `email` step through the sending pipeline: from the project's default sender
 * (DECISIONS §4), the step's template rendered with the contact and the triggering event, type
 * `automation`, recorded with its delivery job in the run's transaction (so a retried step never
 * sends twice). A suppressed address skips the step; a missing sender or template fails it.
 */
export async function sendAutomationEmail(
  tx: Executor,
  ctx: ServiceContext,
  args: {
    runId: string;
    contactId: string;
    step: EmailStepRecord;
    facts: RunFacts;
    context: RunContext;
  },
): Promise<EmailResult> {
  const { step, facts } = args;
  const sender = await senders.get(ctx.projectId, () => resolveDefaultSender(tx, ctx.projectId));
  if (!sender) {
    return {
      error: "The project has no sender: set a default sender in Settings or verify a domain.",
    };
  }
  const fromDomain = sender.address.slice(sender.address.lastIndexOf("@") + 1);
  const checks = await sendChecks(tx, ctx.projectId, fromDomain, facts.contact.email);
  if (!checks.domain_verified) return { error: `The sender domain ${fromDomain} is not verified.` };
  if (checks.suppressed) return { outcome: "skipped", detail: { reason: "suppressed" } };

  const template = await templates.get(`${ctx.projectId}:${step.templateId}`, () =>
    findReadableTemplateOrThrow(tx, ctx.projectId, step.templateId).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    }),
  );
  if (!template) return { error: `Template ${step.templateId} no longer exists.` };

  let rendered;
  try {
    const version = `${template.id}:${template.updatedAt.getTime()}`;
    const render = await compiled.get(version, () => compileTemplate(template));
    rendered = await render.render(automationVariables(facts, args.context), {
      subject: step.subjectOverride || template.subject,
    });
  } catch (error) {
    if (error instanceof AppError) return { error: `Template ${template.id}: ${error.message}` };
    throw error;
  }
  const email = await recordOutgoingEmail(tx, ctx, "automation", {
    fromDomain,
    fromAddress: sender.from,
    to: facts.contact.email,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    templateId: template.id,
    contactId: args.contactId,
    automationRunId: args.runId,
  });
  return { outcome: email.status, detail: { email_id: email.id } };
}

/**
 * What an automation template can use: `{{email}}`, `{{name}}`, `{{first_name}}`, the contact's
 * custom fields both as `{{data.plan}}` and `{{plan}}`, and the triggering event's data as
 * `{{event.amount}}`. Built-in fields win over custom fields of the same name.
 */
export function automationVariables(facts: RunFacts, context: RunContext): Variables {
  const { contact } = facts;
  return {
    ...contact.data,
    email: contact.email,
    name: contact.name ?? "",
    first_name: contact.name?.trim().split(/\s+/)[0] ?? "",
    subscribed: contact.subscribed,
    source: contact.source,
    data: contact.data,
    event: context.event ?? {},
  };
}
