import { SMTPServer, type SMTPServerSession } from "smtp-server";
import type { Runtime } from "@/lib/core/runtime";
import { emailIdFromReturnPath } from "../sending/return-path";
import { linkSigningKey } from "../tracking/key";
import { connectionLimits } from "@/lib/core/smtp/connection-limits";
import { readMessageData } from "@/lib/core/smtp/message-data";
import { smtpError } from "@/lib/core/smtp/reply-error";
import { listenSmtp, serveOnSharedPort, type ListeningServer } from "@/lib/core/smtp/shared-port";
import { findReceivingDomains, domainOfAddress } from "../received-emails/receiving-domains";
import { MailboxFullError, receiveMessage } from "../received-emails/receive";
import { processInboundMessage } from "./process";

/** Recipients at receiving domains one message may name (452 after that). */
const MAX_RECEIVING_RECIPIENTS = 100;

type ReceiverRuntime = Pick<Runtime, "db" | "jobs" | "clock" | "config" | "caches">;

/**
 * The inbound receiver (DECISIONS §9 and §16): an SMTP server that the return-path domain's MX
 * and every receiving domain's MX point at. It accepts mail only for VERP addresses whose token
 * checks out and for addresses at a domain with receiving on (anything else gets 550 at RCPT,
 * so it is never an open relay), and refuses messages over INBOUND_MAX_BYTES. A message to VERP
 * addresses is read as a DSN, an ARF report or a recognisable non-standard bounce, and what it
 * reports is recorded; a message to a receiving domain is kept as a received email of the
 * domain's project (552 5.2.2 when that would put the project over its storage limit). One
 * transaction may carry both kinds of recipient: both are handled, under one reply.
 * When it cannot record (the database is down) it answers 451, so the sender tries again later.
 * Connections are capped in all and per client address, and none outlives the session limit
 * (INBOUND_MAX_CONNECTIONS…, see connection-limits.ts).
 */
export async function startBounceReceiver(
  runtime: ReceiverRuntime,
  options: { port: number; host: string },
): Promise<ListeningServer> {
  const signingKey = await linkSigningKey(runtime);
  const { config } = runtime;
  const maxBytes = config.inboundMaxBytes;
  const limits = connectionLimits(() => server, {
    maxPerClient: config.inboundMaxConnectionsPerClient,
    maxSessionSeconds: config.inboundMaxSessionSeconds,
  });
  // This transaction's recipients only: the envelope starts afresh with each MAIL FROM, so a
  // second report on one connection never speaks for the first one's emails.
  const envelopeEmailIds = (session: SMTPServerSession) =>
    session.envelope.rcptTo.flatMap((r) => emailIdFromReturnPath(signingKey, r.address) ?? []);
  // The rest were accepted at RCPT for being at a receiving domain (VERP addresses live at the
  // return-path domain, a different name, so an address is never both).
  const receivingRecipients = (session: SMTPServerSession) =>
    session.envelope.rcptTo
      .map((r) => r.address)
      .filter((address) => !emailIdFromReturnPath(signingKey, address));
  // Whether a domain receives, asked once a connection: a pipelined transaction of 10,000 RCPT
  // at one domain was 10,000 lookups, one after another, while other clients waited their turn.
  const receivingBySession = new WeakMap<SMTPServerSession, Map<string, Promise<boolean>>>();
  const receives = (session: SMTPServerSession, domain: string) => {
    let known = receivingBySession.get(session);
    if (!known) receivingBySession.set(session, (known = new Map()));
    let answer = known.get(domain);
    if (!answer) {
      answer = findReceivingDomains(runtime.db, [domain]).then((found) => found.length > 0);
      // A failed lookup (database down) is asked again by the next RCPT.
      answer.catch(() => known.delete(domain));
      known.set(domain, answer);
    }
    return answer;
  };
  const server: SMTPServer = new SMTPServer({
    name: new URL(config.appUrl).hostname,
    banner: "Mailwright bounce receiver",
    authOptional: true,
    disabledCommands: ["AUTH"],
    size: maxBytes,
    logger: false,
    // Bounce senders retry on 4xx, so refusing or cutting a connection loses nothing.
    maxClients: config.inboundMaxConnections,
    socketTimeout: config.inboundIdleTimeoutSeconds * 1000,
    closeTimeout: 1_000,
    // The client's host name is never used; a flood would only keep the resolver busy.
    disableReverseLookup: true,
    onConnect: limits.onConnect,
    onClose: limits.onClose,
    onRcptTo(address, session, callback) {
      if (emailIdFromReturnPath(signingKey, address.address)) return callback();
      // RFC 5321 asks a server to take at least 100 recipients; a message for more is sent again
      // for the rest. (Repeated return paths are merged by smtp-server and need no cap.)
      if (session.envelope.rcptTo.length >= MAX_RECEIVING_RECIPIENTS) {
        return callback(smtpError(452, "4.5.3 Too many recipients"));
      }
      receives(session, domainOfAddress(address.address)).then(
        (receiving) =>
          receiving ? callback() : callback(smtpError(550, "5.1.1 No such recipient here")),
        (error: unknown) => {
          console.error("[inbound] could not look up a recipient's domain:", error);
          callback(smtpError(451, "4.3.0 Temporary failure, please try again later"));
        },
      );
    },
    onData(stream, session, callback) {
      void readMessageData(stream, maxBytes).then((raw) => {
        if (!raw) return callback(smtpError(552, "5.3.4 Message too big"));
        const emailIds = envelopeEmailIds(session);
        const recipients = receivingRecipients(session);
        Promise.all([
          emailIds.length > 0 && processInboundMessage(runtime, raw, { emailIds, source: "smtp" }),
          recipients.length > 0 && receiveMessage(runtime, raw, recipients),
        ]).then(
          () =>
            callback(
              null,
              recipients.length > 0 ? "2.0.0 Message received" : "2.0.0 Report received",
            ),
          (error: unknown) => {
            if (error instanceof MailboxFullError) {
              return callback(smtpError(552, "5.2.2 Mailbox full"));
            }
            console.error("[inbound] could not record a message:", error);
            callback(smtpError(451, "4.3.0 Temporary failure, please try again later"));
          },
        );
      });
    },
  });
  // Over maxClients a connection still costs a descriptor until its 421 is read (up to 5 s if
  // the client never closes); past twice the cap Node drops new ones at once, without a reply.
  server.server.maxConnections = 2 * config.inboundMaxConnections;
  const listening = await listenSmtp(server, options);
  server.on("error", (error) => console.error("[inbound] SMTP receiver error:", error));
  return listening;
}

/**
 * The bounce receiver as every worker process runs it: one process of a host serves the port,
 * the others stand by to take it over (lib/core/smtp/shared-port.ts).
 */
export function serveBounceReceiver(
  runtime: ReceiverRuntime,
  options: { port: number; host: string; retryMs?: number },
) {
  return serveOnSharedPort("bounce receiver", () => startBounceReceiver(runtime, options), options);
}
