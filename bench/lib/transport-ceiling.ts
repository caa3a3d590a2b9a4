import { createSmtpTransport } from "@/lib/core/transports/smtp";
import type { OutgoingMessage } from "@/lib/core/transports";
import type { Email } from "@/db/schema";
import type { Runtime } from "@/lib/core/runtime";
import { composeMessage } from "@/lib/sending/compose";
import { trackingInstrumenter } from "@/lib/tracking/email-instrumenter";
import { ownCpuSeconds } from "./cpu";

/** What the ceiling pushes: one message, fixed but for its subject. */
export type CeilingMessage = {
  from: string;
  subject: (i: number) => string;
  html: string;
  text: string | null;
  headers?: Record<string, string>;
  dkim?: OutgoingMessage["dkim"];
};

/**
 * One of the run's emails composed as the worker composes it (tracking, the derived text part,
 * List-Unsubscribe, the domain's DKIM key): the ceiling pushes that message pre-built, so it
 * differs from the worker's work only by what the worker does per email (database, text,
 * tracking, signature), not by a smaller message.
 */
export async function ceilingMessageOf(runtime: Runtime, email: Email) {
  const composed = await composeMessage(
    { ...runtime, instrumentHtml: trackingInstrumenter(runtime) },
    email,
  );
  const message: CeilingMessage = {
    from: composed.from,
    subject: () => composed.subject,
    html: composed.html!,
    text: composed.text,
    headers: composed.headers,
  };
  return { message, dkim: composed.dkim };
}

/**
 * The delivery ceiling the benchmarks compare against: `total` pre-rendered messages pushed
 * through the app's own pooled SMTP transport to the same sink (no database or tracking), 50 in
 * flight; signed like the app's when `dkim` is given (the transport signs each message).
 * Returns messages per second.
 */
export async function transportCeiling(
  smtpUrl: string,
  total: number,
  message: CeilingMessage,
): Promise<number> {
  const transport = createSmtpTransport(smtpUrl, {
    maxConnections: Number(process.env.SMTP_POOL_SIZE ?? 5),
  });
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < total) {
        const i = next++;
        await transport.send({
          from: message.from,
          to: `raw${i}@example.com`,
          cc: [],
          bcc: [],
          replyTo: [],
          subject: message.subject(i),
          html: message.html,
          text: message.text,
          messageId: `<raw${i}@bench.test>`,
          headers: message.headers ?? {},
          attachments: [],
          dkim: message.dkim,
        });
      }
    }),
  );
  const rate = total / ((performance.now() - started) / 1000);
  await transport.close();
  return rate;
}

/** `transportCeiling`, with the CPU ms this process spent a message while it ran. */
export async function measuredCeiling(
  smtpUrl: string,
  total: number,
  message: CeilingMessage,
): Promise<{ rate: number; cpuMs: number }> {
  const cpuBefore = ownCpuSeconds();
  const rate = await transportCeiling(smtpUrl, total, message);
  return { rate, cpuMs: ((ownCpuSeconds() - cpuBefore) * 1000) / total };
}
