import SMTPConnection from "nodemailer/lib/smtp-connection";
import { Resend } from "resend";
import type { ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";
import { authorize } from "@/lib/core/permissions";
import { instanceSecretBox } from "@/lib/core/secrets/box";
import type { Relay, SmtpRelay } from "@/lib/core/transports/relays";
import { smtpConnectionOptions } from "@/lib/core/transports/smtp";
import { parseInput } from "@/lib/core/validation";
import { findRelay } from "./relays";
import { RelayInput } from "./relay-input";
import { openRelay } from "./source";

/** What "Test connection" reports: the server's own words at the step that answered last. */
export type ConnectionCheck = {
  ok: boolean;
  /** connect, tls, auth: how far it got; `done` when everything passed. */
  stage: "connect" | "tls" | "auth" | "done";
  /** The server's last answer (or the network error), for the admin to read. */
  answer: string;
  /** What was checked, in order ("Connected to smtp.example.com:587", "STARTTLS", …). */
  steps: string[];
};

const CHECK_TIMEOUT_MS = 10_000;

/**
 * Connects, says EHLO, upgrades to TLS as configured and authenticates, without sending (Resend:
 * the key is tried on the API). Tests the form as entered; a blank secret uses the stored one
 * of relay `id`.
 */
export async function testRelayConnection(
  ctx: ServiceContext,
  id: string | null,
  input: unknown,
): Promise<ConnectionCheck> {
  authorize(ctx, "delivery.manage");
  const parsed = parseInput(RelayInput, input);
  let secret = (parsed.kind === "smtp" ? parsed.password : parsed.api_key) || null;
  if (!secret && id) {
    const row = await findRelay(ctx.db, ctx.projectId, id);
    if (!row) throw new NotFoundError("Relay");
    const stored = openRelay(row, await instanceSecretBox(ctx), ctx.config);
    secret = stored ? (stored.kind === "smtp" ? stored.password : stored.apiKey) : null;
  }
  const relay: Relay =
    parsed.kind === "smtp"
      ? {
          kind: "smtp",
          id: id ?? "unsaved",
          name: parsed.name,
          host: parsed.host,
          port: parsed.port,
          tlsMode: parsed.tls_mode,
          verifyCertificate: parsed.verify_certificate,
          username: parsed.username || null,
          password: secret,
        }
      : {
          kind: "resend",
          id: id ?? "unsaved",
          name: parsed.name,
          apiKey: secret ?? "",
          baseUrl: ctx.config.resendBaseUrl,
        };
  return relay.kind === "smtp" ? checkSmtp(relay) : checkResend(relay.apiKey, relay.baseUrl);
}

export function checkSmtp(relay: SmtpRelay): Promise<ConnectionCheck> {
  const steps: string[] = [];
  return new Promise((resolve) => {
    const connection = new SMTPConnection({
      ...smtpConnectionOptions(relay),
      connectionTimeout: CHECK_TIMEOUT_MS,
      greetingTimeout: CHECK_TIMEOUT_MS,
      socketTimeout: CHECK_TIMEOUT_MS,
    });
    let stage: ConnectionCheck["stage"] = "connect";
    let settled = false;
    const finish = (check: Omit<ConnectionCheck, "steps">) => {
      if (settled) return;
      settled = true;
      resolve({ ...check, steps });
      connection.close();
    };
    connection.on("error", (error: Error & { response?: string; code?: string }) => {
      const tls = error.code === "ETLS" || /certificate|TLS|SSL/i.test(error.message);
      finish({
        ok: false,
        stage: tls ? "tls" : stage,
        answer: error.response || networkAnswer(relay, error),
      });
    });
    connection.connect(() => {
      steps.push(`Connected to ${relay.host}:${relay.port}`);
      steps.push(connection.secure ? "Encrypted (TLS)" : "Not encrypted");
      const ehlo = String(connection.lastServerResponse || "").split(/\r?\n/)[0] ?? "";
      if (!relay.username) {
        steps.push("No login configured");
        finish({ ok: true, stage: "done", answer: ehlo });
        return;
      }
      stage = "auth";
      connection.login({ user: relay.username, pass: relay.password ?? "" }, (error) => {
        if (error) {
          const failed = error as Error & { response?: string };
          finish({ ok: false, stage: "auth", answer: failed.response || failed.message });
          return;
        }
        steps.push(`Signed in as ${relay.username}`);
        finish({ ok: true, stage: "done", answer: String(connection.lastServerResponse || "") });
      });
    });
  });
}

/** nodemailer wraps socket errors (code ESOCKET): the system's code is in the message. */
function networkAnswer(relay: SmtpRelay, error: Error & { code?: string }): string {
  const has = (code: string) => error.code === code || error.message.includes(code);
  const where = `${relay.host}:${relay.port}`;
  if (has("ECONNREFUSED")) return `${where} refused the connection (is the port right?).`;
  if (has("ETIMEDOUT") || has("ETIMEOUT")) return `${where} did not answer in time.`;
  if (has("ENOTFOUND") || has("EDNS") || has("EAI_AGAIN"))
    return `${relay.host} was not found in DNS.`;
  return error.message;
}

/**
 * A key is good when the API accepts it. Resend's sending-only keys are refused by everything
 * but sending (`restricted_api_key`): that answer proves the key too.
 */
export async function checkResend(apiKey: string, baseUrl?: string): Promise<ConnectionCheck> {
  const steps = ["Resend API"];
  if (!apiKey) return { ok: false, stage: "auth", answer: "No API key entered.", steps };
  try {
    const client = new Resend(apiKey, baseUrl ? { baseUrl } : undefined);
    const { error } = await client.domains.list();
    if (!error) return { ok: true, stage: "done", answer: "The API key was accepted.", steps };
    if (error.name === "restricted_api_key")
      return { ok: true, stage: "done", answer: "The sending-only API key was accepted.", steps };
    return { ok: false, stage: "auth", answer: error.message, steps };
  } catch (error) {
    return { ok: false, stage: "connect", answer: (error as Error).message, steps };
  }
}
