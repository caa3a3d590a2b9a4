import type { ServiceContext } from "@/lib/core/context";
import { RecipientSuppressedError } from "./outbound";
import { ForbiddenError, ValidationError } from "@/lib/core/errors";
import {
  asList,
  domainOf,
  formatMailbox,
  isReservedTestDomain,
  parseMailbox,
  type Mailbox,
} from "./addresses";
import { sendContent } from "./content";
import type { StoredSendResponse } from "./idempotency";
import type { OutboundBatch } from "./outbound";
import { MAX_IDEMPOTENCY_KEY_LENGTH, MAX_SCHEDULE_DAYS, type SendEmailInput } from "./schemas";

/**
 * One email of POST /v1/send or POST /v1/send/batch: the checks that need no database
 * (addresses, test-key recipients, schedule window) and the recording through the pipeline.
 * `at` prefixes error paths (`2.` for the third item of a batch) so a batch names the item.
 */
export type CheckedSend = {
  values: SendEmailInput;
  from: Mailbox;
  to: Mailbox;
  cc: string[];
  bcc: string[];
  replyTo: string[];
  scheduledAt: Date | null;
  at: string;
};

const DAY_MS = 86_400_000;

export function checkIdempotencyKey(key: string | null | undefined): string | undefined {
  if (key === null || key === undefined) return undefined;
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new ValidationError("Idempotency-Key must be 1 to 256 characters.", [
      { path: "Idempotency-Key", message: "must be 1 to 256 characters" },
    ]);
  }
  return key;
}

export function checkSend(
  ctx: ServiceContext,
  values: SendEmailInput,
  now: Date,
  at = "",
): CheckedSend {
  const from = requireMailbox(values.from, `${at}from`);
  const to = requireMailbox(values.to, `${at}to`);
  const cc = validAddresses(values.cc);
  const bcc = validAddresses(values.bcc);
  const replyTo = asList(values.reply_to).map((v, i) =>
    formatMailbox(requireMailbox(v, `${at}reply_to.${i}`)),
  );
  if (ctx.keyMode === "test") assertTestRecipients([to.address, ...cc, ...bcc]);
  const scheduledAt = values.scheduled_at ? new Date(values.scheduled_at) : null;
  if (scheduledAt) checkSchedule(scheduledAt, now, `${at}scheduled_at`);
  return { values, from, to, cc, bcc, replyTo, scheduledAt, at };
}

function checkSchedule(scheduledAt: Date, now: Date, path: string) {
  const problem =
    scheduledAt.getTime() <= now.getTime()
      ? "must be in the future"
      : scheduledAt.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * DAY_MS
        ? `must be at most ${MAX_SCHEDULE_DAYS} days ahead`
        : null;
  if (problem) throw new ValidationError(`${path}: ${problem}`, [{ path, message: problem }]);
}

/**
 * Records one checked email in the caller's OutboundBatch (sender, suppression, rendering all
 * there). A suppressed `to` is refused (422 `recipient_suppressed`), as for /v1/send.
 */
export async function recordSend(
  batch: OutboundBatch,
  ctx: ServiceContext,
  checked: CheckedSend,
): Promise<StoredSendResponse> {
  const { values, to, cc, bcc, at } = checked;
  return prefixErrors(at, async () => {
    // Both reads go out together (postgres.js pipelines them on the transaction's connection);
    // both settle before an error leaves the transaction.
    const [sender, loaded] = await Promise.allSettled([
      batch.sender(ctx.projectId, checked.from),
      batch.loadSuppressions(ctx.projectId, [to.address, ...cc, ...bcc]),
    ]);
    if (sender.status === "rejected") throw sender.reason;
    if (loaded.status === "rejected") throw loaded.reason;
    const sent = await batch.add({
      projectId: ctx.projectId,
      type: "transactional",
      mode: ctx.keyMode,
      sender: sender.value,
      to,
      cc,
      bcc,
      replyTo: checked.replyTo,
      attachments: (values.attachments ?? []).map((a) => ({
        filename: a.filename,
        content: a.content.replace(/\s+/g, ""),
        contentType: a.content_type,
      })),
      content: await sendContent(batch, ctx.projectId, values),
      tags: values.tags ?? [],
      scheduledAt: checked.scheduledAt,
    });
    if (sent.status === "suppressed") {
      throw new RecipientSuppressedError(to.address);
    }
    return { id: sent.id, status: sent.status, messageId: sent.messageId };
  });
}

/** Re-throws a validation error with its paths under `at` (a batch item's index). */
async function prefixErrors<T>(at: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!at || !(error instanceof ValidationError)) throw error;
    const details = error.details?.map((d) =>
      d.path.startsWith(at) ? d : { ...d, path: `${at}${d.path}` },
    );
    throw new ValidationError(`${at.slice(0, -1)}: ${error.message}`, details, error.code);
  }
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

function assertTestRecipients(addresses: string[]) {
  const real = addresses.find((a) => !isReservedTestDomain(domainOf(a)));
  if (real) {
    throw new ForbiddenError(
      `Test keys can only send to reserved test domains (example.com, *.test, …), not ${real}. Use a live key.`,
      "test_key_real_recipient",
    );
  }
}
