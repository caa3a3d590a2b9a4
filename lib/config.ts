import path from "node:path";

/** Environment configuration, read once. Every knob the operator has is listed in README.md. */
export type WorkerMode = "embedded" | "external" | "off";

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  }
  return value;
}

function countFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number (0 or more), got "${raw}"`);
  }
  return value;
}

export function readConfig() {
  const port = intFromEnv("PORT", 3000);
  const worker = (process.env.WORKER ?? "embedded") as WorkerMode;
  if (!["embedded", "external", "off"].includes(worker)) {
    throw new Error(`WORKER must be embedded, external or off, got "${worker}"`);
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (worker === "external" && !databaseUrl) {
    throw new Error(
      "WORKER=external needs PostgreSQL (set DATABASE_URL): the embedded PGlite database " +
        "lives inside one process and cannot be shared with worker processes.",
    );
  }
  return {
    port,
    appUrl: (process.env.APP_URL || `http://localhost:${port}`).replace(/\/+$/, ""),
    dataDir: path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || ".data"),
    databaseUrl,
    databasePoolSize: intFromEnv("DATABASE_POOL_SIZE", 10),
    worker,
    rateLimitPerSecond: intFromEnv("RATE_LIMIT_PER_SECOND", 50),
    rateLimitBurst: intFromEnv("RATE_LIMIT_BURST", 100),
    // Per client address: API requests whose key is missing or unknown, invalid hosted tokens.
    unauthenticatedLimitPerMinute: intFromEnv("UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE", 60),
    // Reverse proxies in front of the server whose X-Forwarded-For is believed (0: none).
    trustProxy: countFromEnv("TRUST_PROXY", 0),
    smtpUrl: process.env.SMTP_URL || undefined,
    resendApiKey: process.env.RESEND_API_KEY || undefined,
    resendBaseUrl: process.env.RESEND_BASE_URL || undefined,
    // How often each worker process looks for automation runs that came due.
    automationPollMs: intFromEnv("AUTOMATION_POLL_MS", 1000),
    // A dispatched run whose job never ran is dispatched again after this long.
    automationRedispatchSeconds: intFromEnv("AUTOMATION_REDISPATCH_SECONDS", 900),
    // Optional provider limit: campaign emails are handed to delivery at most this fast.
    sendRatePerSecond: process.env.SEND_RATE_PER_SECOND
      ? intFromEnv("SEND_RATE_PER_SECOND", 1)
      : undefined,
  };
}

export type Config = ReturnType<typeof readConfig>;

let cached: Config | undefined;
export function config(): Config {
  cached ??= readConfig();
  return cached;
}
