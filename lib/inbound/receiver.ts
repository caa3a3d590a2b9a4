import { SMTPServer, type SMTPServerSession } from "smtp-server";
import type { Runtime } from "@/lib/core/runtime";
import { emailIdFromReturnPath } from "../sending/return-path";
import { linkSigningKey } from "../tracking/key";
import { connectionLimits } from "@/lib/core/smtp/connection-limits";
import { smtpError } from "@/lib/core/smtp/reply-error";
import { listenSmtp, serveOnSharedPort, type ListeningServer } from "@/lib/core/smtp/shared-port";
import { processInboundMessage } from "./process";

type ReceiverRuntime = Pick<Runtime, "db" | "jobs" | "clock" | "config" | "caches">;

/**
 * The bounce receiver (DECISIONS §9): an SMTP server that the return-path domain's MX points at.
 * It accepts mail only for VERP addresses whose token checks out (anything else gets 550 at
 * RCPT, so it is never an open relay), refuses messages over INBOUND_MAX_BYTES, reads each one
 * as a DSN, an ARF report or a recognisable non-standard bounce, and records what it reports.
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
    onRcptTo(address, _session, callback) {
      if (!emailIdFromReturnPath(signingKey, address.address)) {
        return callback(smtpError(550, "5.1.1 No such recipient here"));
      }
      callback();
    },
    onData(stream, session, callback) {
      // Past the limit the rest is read and dropped (the client is owed a 552 at the final dot,
      // not a cut connection), so at most the limit plus one chunk is ever held.
      let chunks: Buffer[] | undefined = [];
      let received = 0;
      stream.on("data", (chunk: Buffer) => {
        if (!chunks) return;
        received += chunk.length;
        if (received > maxBytes) chunks = undefined;
        else chunks.push(chunk);
      });
      stream.on("end", () => {
        if (!chunks || stream.sizeExceeded) {
          return callback(smtpError(552, "5.3.4 Message too big for a delivery report"));
        }
        processInboundMessage(runtime, Buffer.concat(chunks), {
          emailIds: envelopeEmailIds(session),
          source: "smtp",
        }).then(
          () => callback(null, "2.0.0 Report received"),
          (error: unknown) => {
            console.error("[inbound] could not record a report:", error);
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
