import { ImapFlow } from "imapflow";
import type { Runtime } from "@/lib/core/runtime";
import { emailIdFromReturnPath } from "../sending/return-path";
import { linkSigningKey } from "../tracking/key";
import { headerLines, headerValue } from "./headers";
import { processInboundMessage } from "./process";

/** Set on every message once read, with \Seen: a message carrying it is never read again. */
export const PROCESSED_KEYWORD = "$MailwrightProcessed";
/** Messages read per poll: a backlog drains over a few polls without one long session. */
const PER_POLL = 200;

type MailboxRuntime = Pick<Runtime, "db" | "jobs" | "clock" | "caches">;
export type MailboxPoll = { read: number; recorded: number };

/**
 * One pass over the bounce mailbox (BOUNCE_MAILBOX_URL, `imaps://user:password@host/INBOX`),
 * for setups whose return-path MX points at a mailbox rather than at the receiver: every message
 * without the processed keyword is read, its reports recorded, then flagged. A message whose
 * reports cannot be recorded (the database is down) stays unflagged and is read next time;
 * recording is idempotent, so two workers reading the same mailbox record a report once.
 */
export async function pollBounceMailbox(
  runtime: MailboxRuntime,
  url: string,
): Promise<MailboxPoll> {
  const target = parseMailboxUrl(url);
  const signingKey = await linkSigningKey(runtime);
  const client = new ImapFlow({
    host: target.host,
    port: target.port,
    secure: target.secure,
    auth: { user: target.user, pass: target.password },
    tls: { rejectUnauthorized: target.verifyTls },
    logger: false,
    disableAutoIdle: true,
  });
  await client.connect();
  const result: MailboxPoll = { read: 0, recorded: 0 };
  try {
    const lock = await client.getMailboxLock(target.mailbox);
    try {
      const uids = (await client.search({ unKeyword: PROCESSED_KEYWORD }, { uid: true })) || [];
      for (const uid of uids.slice(0, PER_POLL)) {
        const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
        if (!message || !message.source) continue;
        const processed = await processInboundMessage(runtime, message.source, {
          emailIds: returnPathsIn(message.source, signingKey),
          source: "imap",
        });
        await client.messageFlagsAdd(String(uid), ["\\Seen", PROCESSED_KEYWORD], { uid: true });
        result.read++;
        result.recorded += processed.recorded;
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  return result;
}

/**
 * Emails named by VERP addresses in the headers a delivering server writes for the envelope
 * recipient (Delivered-To, X-Original-To, Envelope-To), or in To: a mailbox has no envelope.
 */
function returnPathsIn(raw: Buffer, signingKey: string): string[] {
  const ids = new Set<string>();
  for (const line of headerLines(raw)) {
    if (!/^(delivered-to|x-original-to|envelope-to|to):/i.test(line)) continue;
    for (const candidate of headerValue(line).split(/[\s,<>"]+/)) {
      const id = candidate.includes("@") ? emailIdFromReturnPath(signingKey, candidate) : null;
      if (id) ids.add(id);
    }
  }
  return [...ids];
}

type MailboxTarget = {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  mailbox: string;
  verifyTls: boolean;
};

export function parseMailboxUrl(url: string): MailboxTarget {
  const parsed = new URL(url);
  const secure = parsed.protocol === "imaps:";
  return {
    host: parsed.hostname,
    port: Number(parsed.port || (secure ? 993 : 143)),
    secure,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    mailbox: decodeURIComponent(parsed.pathname.replace(/^\/+/, "")) || "INBOX",
    verifyTls: parsed.searchParams.get("tls_verify") !== "false",
  };
}

/**
 * Polls the mailbox every BOUNCE_MAILBOX_POLL_SECONDS in a worker process; a slow or failing
 * poll never overlaps the next one, and an error is logged and tried again next time.
 */
export function startBounceMailboxPoller(
  runtime: MailboxRuntime,
  url: string,
  everySeconds: number,
): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = pollBounceMailbox(runtime, url)
      .catch((error: unknown) => console.error("[inbound] bounce mailbox poll failed:", error))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, everySeconds * 1000);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
