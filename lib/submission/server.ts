import { readFileSync } from "node:fs";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import { authenticateApiKey, type AuthenticatedKey } from "@/lib/api-keys/authenticate";
import { serviceContext } from "@/lib/core/context";
import { UnauthorizedError } from "@/lib/core/errors";
import type { Runtime } from "@/lib/core/runtime";
import { connectionLimits } from "@/lib/core/smtp/connection-limits";
import { readMessageData } from "@/lib/core/smtp/message-data";
import { smtpError } from "@/lib/core/smtp/reply-error";
import { listenSmtp, serveOnSharedPort, type ListeningServer } from "@/lib/core/smtp/shared-port";
import { checkRecipient } from "./recipients";
import { acceptedReply, replyForSubmissionError } from "./replies";
import { submitMessage } from "./submit";

/**
 * The most a transfer may take (SIZE; 552 above it): room for 10 MiB of content
 * (SUBMISSION_MAX_CONTENT_BYTES, checked once the message is read) in base64, whose 76-character
 * lines grow it by 4/3 × 78/76, plus headers.
 */
export const SUBMISSION_MAX_WIRE_BYTES = 15 * 1024 * 1024;

type SubmissionSession = SMTPServerSession & { user?: AuthenticatedKey };

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * The submission relay (DECISIONS §16): SMTP for apps that cannot call the API. The password is
 * an API key (any key: a `sending` key is enough); STARTTLS when PEM files are configured, and
 * AUTH in clear text only from loopback. Each message counts once against the key's rate limit
 * shared with the API (451 4.7.1 over it, at MAIL FROM so nothing is transferred for nothing);
 * each recipient is checked at RCPT, the message at DATA (size, From, idempotency), and the
 * reply names the emails created. Connections are capped in all and per client address, idle
 * ones time out, and no session outlives SMTP_SUBMISSION_MAX_SESSION_SECONDS.
 */
export async function startSubmissionServer(
  runtime: Runtime,
  options: { port: number; host: string },
): Promise<ListeningServer> {
  const { config } = runtime;
  const tls = config.submissionTls
    ? {
        key: readFileSync(config.submissionTls.keyFile),
        cert: readFileSync(config.submissionTls.certFile),
      }
    : undefined;
  const limits = connectionLimits(() => server, {
    maxPerClient: config.submissionMaxConnectionsPerClient,
    maxSessionSeconds: config.submissionMaxSessionSeconds,
  });
  const contextOf = (session: SubmissionSession) => {
    const key = session.user!;
    return serviceContext(runtime, key.projectId, key.mode);
  };

  const server: SMTPServer = new SMTPServer({
    name: config.submissionPublicHost ?? new URL(config.appUrl).hostname,
    banner: "Mailwright submission relay",
    authMethods: ["PLAIN", "LOGIN"],
    // Clear-text AUTH is allowed or refused by onAuth (loopback only), with the 538 of §16.
    allowInsecureAuth: true,
    ...(tls ? tls : { hideSTARTTLS: true, disabledCommands: ["STARTTLS"] }),
    size: SUBMISSION_MAX_WIRE_BYTES,
    logger: false,
    maxClients: config.submissionMaxConnections,
    socketTimeout: config.submissionIdleTimeoutSeconds * 1000,
    closeTimeout: 1_000,
    disableReverseLookup: true,
    onConnect: limits.onConnect,
    onClose: limits.onClose,
    onAuth(auth, session, callback) {
      if (!session.secure && !LOOPBACK.test(session.remoteAddress)) {
        return callback(smtpError(538, "5.7.11 Encryption required: use STARTTLS before AUTH"));
      }
      // Failed logins spend the address's budget, as requests without a valid key do on the
      // API: guessing keys over SMTP is no cheaper than over HTTP.
      const nowMs = runtime.clock.now().getTime();
      const address = session.remoteAddress;
      const wait = runtime.unauthenticatedLimiter.waitSeconds(address, nowMs);
      if (wait > 0) {
        return callback(
          smtpError(454, `4.7.0 Too many failed logins from your address, try again in ${wait} s`),
        );
      }
      authenticateApiKey(runtime, `Bearer ${auth.password ?? ""}`, runtime.clock.now()).then(
        (key) => callback(null, { user: key }),
        (error: unknown) => {
          if (!(error instanceof UnauthorizedError)) {
            console.error("[submission] could not check a key:", error);
            return callback(smtpError(454, "4.7.0 Temporary authentication failure, try again"));
          }
          runtime.unauthenticatedLimiter.take(address, nowMs);
          callback(smtpError(535, "5.7.8 Authentication failed: the password must be an API key"));
        },
      );
    },
    onMailFrom(_address, session: SubmissionSession, callback) {
      const key = session.user;
      if (!key) return callback(smtpError(530, "5.7.0 Authentication required"));
      const verdict = runtime.limiter.take(key.id, runtime.clock.now().getTime());
      if (!verdict.allowed) {
        return callback(
          smtpError(451, `4.7.1 Rate limit exceeded, try again in ${verdict.resetSeconds} s`),
        );
      }
      callback();
    },
    onRcptTo(address, session: SubmissionSession, callback) {
      checkRecipient(contextOf(session), address.address, session.envelope.rcptTo.length).then(
        (verdict) =>
          verdict.accepted ? callback() : callback(smtpError(verdict.code, verdict.message)),
        (error: unknown) => {
          console.error("[submission] could not check a recipient:", error);
          callback(smtpError(451, "4.3.0 Temporary failure, please try again later"));
        },
      );
    },
    onData(stream, session: SubmissionSession, callback) {
      void readMessageData(stream, SUBMISSION_MAX_WIRE_BYTES).then((raw) => {
        if (!raw)
          return callback(smtpError(552, "5.3.4 Message too big: at most 10 MiB of content"));
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        submitMessage(contextOf(session), { raw, recipients }).then(
          (result) => callback(null, acceptedReply(result.emailIds, result.idempotent)),
          (error: unknown) => {
            const reply = replyForSubmissionError(error);
            if (reply.code === 451)
              console.error("[submission] could not record a message:", error);
            callback(smtpError(reply.code, reply.message));
          },
        );
      });
    },
  });
  server.server.maxConnections = 2 * config.submissionMaxConnections;
  const listening = await listenSmtp(server, options);
  server.on("error", (error) => console.error("[submission] SMTP server error:", error));
  return listening;
}

/**
 * The relay in npm start and every npm run worker: one process of a host serves the port, the
 * others take it over when it stops (lib/core/smtp/shared-port.ts). Off without
 * SMTP_SUBMISSION_PORT.
 */
export async function serveSubmissionRelay(runtime: Runtime, options: { retryMs?: number } = {}) {
  const { submissionPort, submissionHost } = runtime.config;
  if (submissionPort === undefined) return undefined;
  const bind = { port: submissionPort, host: submissionHost, ...options };
  return serveOnSharedPort("submission relay", () => startSubmissionServer(runtime, bind), bind);
}
