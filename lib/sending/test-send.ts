import { eq } from "drizzle-orm";
import { z } from "zod";
import { projects } from "@/db/schema";
import type { Executor } from "@/db";
import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { findVerifiedDomain } from "../domains/find-verified";
import { ValidationError } from "@/lib/core/errors";
import { deliverEmailJob } from "./jobs";
import { EmailAddress, parseInput } from "@/lib/core/validation";
import { domainOf, formatMailbox, parseMailbox } from "./addresses";
import { resolveDefaultSender, type ProjectSender } from "./default-sender";
import {
  OutboundBatch,
  type OutboundContent,
  RecipientSuppressedError,
  type Sender,
} from "./outbound";

/**
 * Where a simulated test email says it comes from when the project has no verified sender yet.
 * `.test` is reserved (RFC 2606): the address can never be anybody's, and nothing is sent from it.
 */
export const SANDBOX_SENDER_DOMAIN = "sandbox.mailwright.test";

export const SendTestEmailInput = z.object({
  to: EmailAddress,
  /** The template to send (own or system); without one, a short built-in message. */
  template_id: z.string().min(1).optional(),
  variables: z.record(z.string(), z.unknown()).optional(),
});

export type TestSendResult = {
  id: string;
  status: "sent" | "queued";
  /** `live`: to the inbox through the configured provider. `test`: simulated (DECISIONS §2). */
  mode: "live" | "test";
  from: string;
  to: string;
};

/**
 * The dashboard's test send (template editor, the overview's checklist). With a sender on a
 * verified domain it is live and reaches the inbox. Without one it is a test-mode email: simulated
 * like a test key's (DECISIONS §2, never handed to a provider, recorded in the Emails log with its
 * simulated outcome), from a sandbox address, so a fresh project sees its first send succeed
 * before any DNS work. The sender rule of DECISIONS §8 is about mail that leaves the server, which
 * a simulated email never does; the API keeps refusing unverified senders.
 */
export async function sendTestEmail(ctx: ServiceContext, input: unknown): Promise<TestSendResult> {
  const values = parseInput(SendTestEmailInput, input);
  const to = parseMailbox(values.to)!;
  const now = ctx.clock.now();
  const result = await withTransaction(ctx.db, async (tx) => {
    const batch = new OutboundBatch(tx, ctx, now);
    const configured = await liveTestSender(tx, ctx.projectId);
    const live = configured !== null;
    const sender: Sender = configured
      ? await batch.sender(ctx.projectId, parseMailbox(configured.from)!)
      : sandboxSender(await projectName(tx, ctx.projectId));
    const sent = await batch.add({
      projectId: ctx.projectId,
      type: "transactional",
      mode: live ? "live" : "test",
      sender,
      to,
      content: await testContent(batch, ctx.projectId, values),
    });
    if (sent.status === "suppressed") {
      throw new RecipientSuppressedError(to.address);
    }
    await batch.flush();
    return {
      id: sent.id,
      status: sent.status,
      mode: live ? ("live" as const) : ("test" as const),
      from: sender.from,
      to: to.address,
    };
  });
  if (result.status === "sent") ctx.jobs.notify(deliverEmailJob);
  return result;
}

/**
 * The sender a live test send goes out from: the project's default sender (else `hello@` its
 * first verified domain) while its domain is verified; null means the test send is simulated.
 */
export async function liveTestSender(
  db: Executor,
  projectId: string,
): Promise<ProjectSender | null> {
  const sender = await resolveDefaultSender(db, projectId);
  if (!sender) return null;
  return (await findVerifiedDomain(db, projectId, domainOf(sender.address))) ? sender : null;
}

async function projectName(tx: Executor, projectId: string): Promise<string> {
  const [row] = await tx
    .select({ name: projects.name })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row?.name || "Mailwright";
}

function sandboxSender(name: string): Sender {
  const address = `onboarding@${SANDBOX_SENDER_DOMAIN}`;
  return { from: formatMailbox({ name, address }), address, domain: SANDBOX_SENDER_DOMAIN };
}

async function testContent(
  batch: OutboundBatch,
  projectId: string,
  values: SendTestEmailInput,
): Promise<OutboundContent> {
  if (!values.template_id) {
    return {
      subject: "Your first email from Mailwright",
      html: "<p>It works: this test email went through your project's sending pipeline.</p>",
      text: "It works: this test email went through your project's sending pipeline.",
    };
  }
  const template = await batch.template(projectId, values.template_id);
  if (!template) {
    throw new ValidationError(
      "This template no longer exists.",
      [{ path: "template_id", message: "must be the id of one of your templates" }],
      "template_not_found",
    );
  }
  return { template, variables: values.variables ?? {} };
}

type SendTestEmailInput = z.infer<typeof SendTestEmailInput>;
