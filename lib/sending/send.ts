import { sql } from "drizzle-orm";
import { rowsOf, type Executor } from "@/db";
import { domains, suppressions } from "@/db/schema";
import { withTransaction, type ServiceContext } from "../context";
import { ForbiddenError, ValidationError } from "../errors";
import { JOBS } from "../jobs/names";
import { isSuppressed } from "../suppressions/suppress";
import { parseInput } from "../validation";
import {
  asList,
  formatMailbox,
  isReservedTestDomain,
  parseMailbox,
  type Mailbox,
} from "./addresses";
import {
  claimIdempotencyKey,
  storeIdempotentResponse,
  type StoredSendResponse,
} from "./idempotency";
import { renderSendContent } from "./content";
import { MAX_IDEMPOTENCY_KEY_LENGTH, SendEmailInput } from "./schemas";
import { recordOutgoingEmail } from "./record";

export type SendEmailResult = {
  httpStatus: 200 | 202;
  body: StoredSendResponse & { idempotent?: true };
};

/**
 * POST /v1/send. Validates, renders and records the email with its delivery job in one
 * transaction (with the Idempotency-Key claim, so N concurrent requests with one key send once).
 * Delivery itself happens in the worker: `sent` means accepted for the configured provider
 * (Resend's meaning); without a provider the email waits as `queued` (202).
 */
export async function sendEmail(
  ctx: ServiceContext,
  input: unknown,
  options: { idempotencyKey?: string | null } = {},
): Promise<SendEmailResult> {
  const values = parseInput(SendEmailInput, input);
  const idempotencyKey = options.idempotencyKey ?? undefined;
  if (
    idempotencyKey !== undefined &&
    (idempotencyKey.length === 0 || idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH)
  ) {
    throw new ValidationError("Idempotency-Key must be 1 to 256 characters.", [
      { path: "Idempotency-Key", message: "must be 1 to 256 characters" },
    ]);
  }
  const from = requireMailbox(values.from, "from");
  const to = requireMailbox(values.to, "to");
  const cc = validAddresses(values.cc);
  const bcc = validAddresses(values.bcc);
  const replyTo = asList(values.reply_to).map((v, i) =>
    formatMailbox(requireMailbox(v, `reply_to.${i}`)),
  );
  if (ctx.keyMode === "test") assertTestRecipients([to.address, ...cc, ...bcc]);

  const now = ctx.clock.now();
  const result = await withTransaction(ctx.db, async (tx) => {
    if (idempotencyKey) {
      const claim = await claimIdempotencyKey(tx, ctx.projectId, idempotencyKey, now);
      if (!claim.claimed)
        return { httpStatus: 200 as const, body: { ...claim.response, idempotent: true as const } };
    }
    const checks = await sendChecks(tx, ctx.projectId, from.domain, to.address);
    if (!checks.domain_verified) {
      throw new ValidationError(
        `The domain ${from.domain} is not verified for this project.`,
        [{ path: "from", message: "must use a verified domain (see /v1/domains)" }],
        "domain_not_verified",
      );
    }
    if (checks.suppressed) {
      throw new ValidationError(
        `${to.address} is on the suppression list.`,
        [{ path: "to", message: "is suppressed (bounce, complaint, unsubscribe or manual)" }],
        "recipient_suppressed",
      );
    }
    const content = await renderSendContent(tx, ctx.projectId, values, to);
    const { id, status, messageId } = await recordOutgoingEmail(tx, ctx, "transactional", {
      fromDomain: from.domain,
      fromAddress: formatMailbox(from),
      to: to.address,
      cc: await withoutSuppressed(tx, ctx.projectId, cc),
      bcc: await withoutSuppressed(tx, ctx.projectId, bcc),
      replyTo,
      subject: content.subject,
      html: content.html,
      text: content.text,
      attachments: (values.attachments ?? []).map((a) => ({
        filename: a.filename,
        content: a.content.replace(/\s+/g, ""),
        contentType: a.content_type,
      })),
      templateId: values.template ?? null,
    });
    const body = { id, status, messageId };
    const httpStatus = status === "sent" ? (200 as const) : (202 as const);
    if (idempotencyKey)
      await storeIdempotentResponse(tx, ctx.projectId, idempotencyKey, body, httpStatus);
    return { httpStatus, body };
  });
  if (result.body.status === "sent" && !("idempotent" in result.body))
    ctx.jobs.notify(JOBS.deliverEmail);
  return result;
}

/** The sender's domain and the recipient's suppression, in one round trip. */
async function sendChecks(tx: Executor, projectId: string, domain: string, to: string) {
  const result = await tx.execute(sql`
    select
      exists (select 1 from ${domains} where ${domains.projectId} = ${projectId}
              and ${domains.name} = ${domain} and ${domains.status} = 'verified') as domain_verified,
      exists (select 1 from ${suppressions} where ${suppressions.projectId} = ${projectId}
              and ${suppressions.email} = ${to}) as suppressed`);
  return rowsOf<{ domain_verified: boolean; suppressed: boolean }>(result)[0]!;
}

function requireMailbox(value: string, path: string): Mailbox {
  const mailbox = parseMailbox(value);
  if (!mailbox) {
    throw new ValidationError(`${path}: must be an email address or "Name <address>"`, [
      { path, message: 'must be an email address or "Name <address>" (no line breaks)' },
    ]);
  }
  return mailbox;
}

/** cc/bcc: invalid addresses are dropped, the rest kept (SPEC), duplicates removed. */
function validAddresses(value: string | string[] | undefined): string[] {
  const addresses = asList(value)
    .map(parseMailbox)
    .filter((m): m is Mailbox => m !== null)
    .map((m) => m.address);
  return [...new Set(addresses)];
}

async function withoutSuppressed(
  tx: Parameters<typeof isSuppressed>[0],
  projectId: string,
  addresses: string[],
) {
  const kept: string[] = [];
  for (const address of addresses)
    if (!(await isSuppressed(tx, projectId, address))) kept.push(address);
  return kept;
}

function assertTestRecipients(addresses: string[]) {
  const real = addresses.find((a) => !isReservedTestDomain(a.slice(a.lastIndexOf("@") + 1)));
  if (real) {
    throw new ForbiddenError(
      `Test keys can only send to reserved test domains (example.com, *.test, …), not ${real}. Use a live key.`,
      "test_key_real_recipient",
    );
  }
}
