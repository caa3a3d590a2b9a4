import { createPublicKey } from "node:crypto";
import path from "node:path";

/**
 * Environment configuration, read once: the only module that reads `process.env`. Every knob the
 * operator has is listed in README.md; a value that cannot be used stops the start with a message
 * naming the variable.
 */
export type WorkerMode = "embedded" | "external" | "off";

type Env = Record<string, string | undefined>;

function textFromEnv(env: Env, name: string): string | undefined {
  return env[name]?.trim() || undefined;
}

function numberFromEnv(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  }
  return value;
}

function countFromEnv(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number (0 or more), got "${raw}"`);
  }
  return value;
}

/** A limit: a whole number, 1 or more (0 would mean "none", which is what the limit prevents). */
function limitFromEnv(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a whole number (1 or more), got "${raw}"`);
  }
  return value;
}

function flagFromEnv(env: Env, name: string): boolean {
  const raw = (env[name] ?? "").trim().toLowerCase();
  if (raw === "1" || raw === "true") return true;
  if (raw === "" || raw === "0" || raw === "false") return false;
  throw new Error(`${name} must be 1, true, 0 or false, got "${env[name]}"`);
}

/** A comma-separated list of seconds (`"5, 300"`), or undefined when unset. */
function secondsListFromEnv(env: Env, name: string): number[] | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const values = raw.split(",").map((part) => (part.trim() === "" ? NaN : Number(part)));
  if (values.some((v) => !Number.isFinite(v) || v < 0)) {
    throw new Error(`${name} must be a comma-separated list of seconds, got "${raw}"`);
  }
  return values;
}

/** Comma-separated SNS topic ARNs (`arn:aws:sns:<region>:<account>:<name>`), or undefined when unset. */
function topicArnsFromEnv(env: Env, name: string): string[] | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const arns = raw.split(",").map((part) => part.trim());
  const bad = arns.find((arn) => !/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[\w-]{1,256}$/.test(arn));
  if (bad !== undefined) {
    throw new Error(
      `${name} must be a comma-separated list of SNS topic ARNs ` +
        `(arn:aws:sns:<region>:<account id>:<topic>), got "${bad}"`,
    );
  }
  return arns;
}

/** SendGrid's verification key as its dashboard shows it: base64 of a DER SubjectPublicKeyInfo. */
function publicKeyFromEnv(env: Env, name: string): string | undefined {
  const raw = textFromEnv(env, name);
  if (!raw) return undefined;
  try {
    const key = createPublicKey({ key: Buffer.from(raw, "base64"), format: "der", type: "spki" });
    if (key.asymmetricKeyType !== "ec") throw new Error("not an elliptic-curve key");
  } catch {
    throw new Error(
      `${name} must be the base64 verification key shown by SendGrid (an ECDSA public key), ` +
        "which could not be read",
    );
  }
  return raw;
}

/** Reads and validates the configuration; `env` is injectable so tests need not touch process.env. */
export function readConfig(env: Env = process.env) {
  const port = numberFromEnv(env, "PORT", 3000);
  const worker = (env.WORKER ?? "embedded") as WorkerMode;
  if (!["embedded", "external", "off"].includes(worker)) {
    throw new Error(`WORKER must be embedded, external or off, got "${worker}"`);
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  if (worker === "external" && !databaseUrl) {
    throw new Error(
      "WORKER=external needs PostgreSQL (set DATABASE_URL): the embedded PGlite database " +
        "lives inside one process and cannot be shared with worker processes.",
    );
  }
  return {
    port,
    // Where links in email point. Unset: the public URL saved in Settings → General, followed by
    // every process (lib/instance/public-url.ts), and http://localhost:PORT until one is saved.
    appUrl: (env.APP_URL || `http://localhost:${port}`).replace(/\/+$/, ""),
    appUrlFromEnv: Boolean(env.APP_URL),
    dataDir: path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR || ".data"),
    databaseUrl,
    databasePoolSize: numberFromEnv(env, "DATABASE_POOL_SIZE", 10),
    worker,
    rateLimitPerSecond: numberFromEnv(env, "RATE_LIMIT_PER_SECOND", 50),
    rateLimitBurst: numberFromEnv(env, "RATE_LIMIT_BURST", 100),
    // Per client address: API requests whose key is missing or unknown, invalid hosted tokens.
    unauthenticatedLimitPerMinute: numberFromEnv(env, "UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE", 60),
    // Reverse proxies in front of the server whose X-Forwarded-For is believed (0: none).
    trustProxy: countFromEnv(env, "TRUST_PROXY", 0),
    // Session signing secret; unset: the instance secret generated on first boot.
    authSecret: env.AUTH_SECRET || undefined,
    // Encrypts secrets kept in the database (relay passwords, provider keys); unset: an instance
    // secret generated on first boot. Set it to keep those secrets unreadable in a database dump.
    secretsKey: env.SECRETS_KEY || undefined,
    // First boot only: the admin user's login (unset password: a random one, printed once).
    adminEmail: textFromEnv(env, "ADMIN_EMAIL") ?? "admin@mailwright.local",
    adminPassword: env.ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    smtpPoolSize: numberFromEnv(env, "SMTP_POOL_SIZE", 5),
    resendApiKey: env.RESEND_API_KEY || undefined,
    resendBaseUrl: env.RESEND_BASE_URL || undefined,
    // Signing secret of the Resend webhook; unset: POST /api/providers/resend answers 503.
    resendWebhookSecret: textFromEnv(env, "RESEND_WEBHOOK_SECRET"),
    // Provider event webhooks (DECISIONS §9); each endpoint answers 503 while its secret is unset.
    // SES through SNS: the topics whose notifications are believed (anyone can sign an SNS
    // message from their own topic, so the topic is what authenticates the sender).
    sesSnsTopicArns: topicArnsFromEnv(env, "SES_SNS_TOPIC_ARNS"),
    postmarkWebhookUser: textFromEnv(env, "POSTMARK_WEBHOOK_USER"),
    postmarkWebhookPassword: textFromEnv(env, "POSTMARK_WEBHOOK_PASSWORD"),
    mailgunWebhookSigningKey: textFromEnv(env, "MAILGUN_WEBHOOK_SIGNING_KEY"),
    sendgridWebhookPublicKey: publicKeyFromEnv(env, "SENDGRID_WEBHOOK_PUBLIC_KEY"),
    // Backoff base for temporary delivery failures (base × 4^(attempt − 1)).
    deliveryRetryBaseSeconds: numberFromEnv(env, "DELIVERY_RETRY_BASE_SECONDS", 30),
    // A job whose worker died is retried once its lease expires; leases are checked this often.
    jobLeaseSeconds: numberFromEnv(env, "JOB_LEASE_SECONDS", 120),
    queueMaintenanceSeconds: numberFromEnv(env, "QUEUE_MAINTENANCE_SECONDS", 30),
    // How often each worker process looks for automation runs that came due.
    automationPollMs: numberFromEnv(env, "AUTOMATION_POLL_MS", 1000),
    // A dispatched run whose job never ran is dispatched again after this long.
    automationRedispatchSeconds: numberFromEnv(env, "AUTOMATION_REDISPATCH_SECONDS", 900),
    // Optional provider limit: campaign emails are handed to delivery at most this fast.
    sendRatePerSecond: env.SEND_RATE_PER_SECOND
      ? numberFromEnv(env, "SEND_RATE_PER_SECOND", 1)
      : undefined,
    // Domain verification: the SPF include to suggest (unset: `_spf.<APP_URL host>`) and the DNS
    // server to ask (unset: the system resolver).
    spfInclude: textFromEnv(env, "SPF_INCLUDE"),
    dnsServer: textFromEnv(env, "DNS_SERVER"),
    // Outgoing webhooks: private targets allowed (tests, internal setups); retry delays in seconds
    // (unset: the Standard Webhooks schedule).
    webhookAllowPrivate: flagFromEnv(env, "WEBHOOK_ALLOW_PRIVATE"),
    webhookRetryScheduleSeconds: secondsListFromEnv(env, "WEBHOOK_RETRY_SCHEDULE_SECONDS"),
    ...bounceConfig(env),
    ...submissionConfig(env),
  };
}

/** The SMTP submission relay for apps that only speak SMTP (DECISIONS §16). */
function submissionConfig(env: Env) {
  const cert = textFromEnv(env, "SMTP_SUBMISSION_TLS_CERT");
  const key = textFromEnv(env, "SMTP_SUBMISSION_TLS_KEY");
  if (Boolean(cert) !== Boolean(key)) {
    throw new Error(
      "SMTP_SUBMISSION_TLS_CERT and SMTP_SUBMISSION_TLS_KEY go together: set both PEM files or neither",
    );
  }
  return {
    // Unset: off. In npm start and every npm run worker; one process per host serves the port.
    submissionPort: env.SMTP_SUBMISSION_PORT
      ? countFromEnv(env, "SMTP_SUBMISSION_PORT", 0)
      : undefined,
    submissionHost: textFromEnv(env, "SMTP_SUBMISSION_HOST") ?? "0.0.0.0",
    // STARTTLS is offered when both are set; without it AUTH is refused except from loopback.
    submissionTls: cert && key ? { certFile: cert, keyFile: key } : undefined,
    // The host name apps are told to connect to (Settings); unset: APP_URL's host.
    submissionPublicHost: textFromEnv(env, "SMTP_SUBMISSION_PUBLIC_HOST"),
    // Apps keep a few connections each; a flood must not take every file descriptor.
    submissionMaxConnections: limitFromEnv(env, "SMTP_SUBMISSION_MAX_CONNECTIONS", 200),
    submissionMaxConnectionsPerClient: limitFromEnv(
      env,
      "SMTP_SUBMISSION_MAX_CONNECTIONS_PER_CLIENT",
      20,
    ),
    // Silent this long: closed. No session outlives the session limit, whatever it sends.
    submissionIdleTimeoutSeconds: numberFromEnv(env, "SMTP_SUBMISSION_IDLE_TIMEOUT_SECONDS", 60),
    submissionMaxSessionSeconds: numberFromEnv(env, "SMTP_SUBMISSION_MAX_SESSION_SECONDS", 600),
  };
}

/** Bounces and complaints that come back after a relay accepted a message (DECISIONS §9). */
function bounceConfig(env: Env) {
  const mailbox = textFromEnv(env, "BOUNCE_MAILBOX_URL");
  if (mailbox && !/^imaps?:\/\/[^/]+/i.test(mailbox)) {
    throw new Error(
      `BOUNCE_MAILBOX_URL must be imaps://user:password@host[:port]/MAILBOX (or imap://), got "${mailbox}"`,
    );
  }
  return {
    // The return-path domain of every message (unset: `bounces.<sending domain>`).
    bounceDomain: textFromEnv(env, "BOUNCE_DOMAIN")?.toLowerCase().replace(/\.$/, ""),
    // The host the return-path domain's MX record names (unset: APP_URL's host).
    bounceMxHost: textFromEnv(env, "BOUNCE_MX_HOST"),
    // The bounce receiver (SMTP) in npm start and npm run worker; unset: off.
    inboundSmtpPort: env.INBOUND_SMTP_PORT ? countFromEnv(env, "INBOUND_SMTP_PORT", 0) : undefined,
    inboundSmtpHost: textFromEnv(env, "INBOUND_SMTP_HOST") ?? "0.0.0.0",
    // Reports bigger than this are refused (552): a DSN carries at most the original's headers.
    inboundMaxBytes: numberFromEnv(env, "INBOUND_MAX_BYTES", 10 * 1024 * 1024),
    // Connections served at once, in all and from one client address (421 above either): a
    // bouncing MTA opens a few, a flood must not take every file descriptor of the process.
    inboundMaxConnections: limitFromEnv(env, "INBOUND_MAX_CONNECTIONS", 100),
    inboundMaxConnectionsPerClient: limitFromEnv(env, "INBOUND_MAX_CONNECTIONS_PER_CLIENT", 10),
    // A connection silent this long is closed; none lasts longer than the session limit, whatever
    // it sends (NOOP, RSET, a line trickled byte by byte). A report is a few kB.
    inboundIdleTimeoutSeconds: numberFromEnv(env, "INBOUND_IDLE_TIMEOUT_SECONDS", 30),
    inboundMaxSessionSeconds: numberFromEnv(env, "INBOUND_MAX_SESSION_SECONDS", 300),
    // What a project may keep of received email (its messages' sizes as received); a message
    // that would go over is refused with 552 5.2.2, mailbox full (docs/decisions/0052).
    inboundMaxStoredBytesPerProject: numberFromEnv(
      env,
      "INBOUND_MAX_STORED_BYTES_PER_PROJECT",
      1024 * 1024 * 1024,
    ),
    // A mailbox read with IMAP for the same reports, polled this often.
    bounceMailboxUrl: mailbox,
    bounceMailboxPollSeconds: numberFromEnv(env, "BOUNCE_MAILBOX_POLL_SECONDS", 60),
  };
}

export type Config = ReturnType<typeof readConfig>;

/**
 * `next dev` (React's debugging needs eval in the page's CSP). Not part of Config: Next fixes
 * NODE_ENV when it builds, and the proxy that asks must not fail on the operator's settings.
 */
export const isDevelopmentBuild = process.env.NODE_ENV === "development";
