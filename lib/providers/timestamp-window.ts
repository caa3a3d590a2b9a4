/**
 * How far a signed webhook's timestamp may be from our clock, either way. A signature proves who
 * sent a request, not when: without a window, a captured request (a year-old batch) could be
 * replayed for ever. Five minutes, as Mailgun and Svix advise; keep the server's clock in sync.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export type TimestampVerdict = { ok: true } | { ok: false; reason: string };

/**
 * `timestamp` is the signed Unix time in seconds, as the provider sent it; `field` names where
 * it came from in the refusal. Checked before the signature: a stale request costs no crypto.
 */
export function checkWebhookTimestamp(
  timestamp: string,
  now: Date,
  field: string,
): TimestampVerdict {
  if (!/^\d{1,12}$/.test(timestamp)) {
    return { ok: false, reason: `${field} is not a Unix timestamp.` };
  }
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) {
    return { ok: false, reason: "The webhook timestamp is more than 5 minutes from now." };
  }
  return { ok: true };
}
