import { execFileSync } from "node:child_process";
import { createSign, generateKeyPairSync, type KeyObject } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { emailEvents, emails, suppressions, webhookDeliveries } from "@/db/schema";
import { newId } from "@/lib/ids";
import { snsStringToSign, type SnsEnvelope } from "@/lib/providers/sns";
import { newTrackingToken } from "@/lib/tracking/token";
import type { TestApp, TestProject } from "./app";

/**
 * Fixtures for provider webhook tests: a sent email with our Message-ID, the rows its events
 * touch, and an SNS signer with its own key and self-signed certificate (node's crypto cannot
 * create certificates, so `openssl req -x509` makes it from a key node generated).
 */
export async function insertSentEmail(
  app: TestApp,
  project: TestProject,
  options: { to?: string; cc?: string[]; messageId?: string } = {},
) {
  const now = app.clock.now();
  const id = newId("em", now.getTime());
  const [email] = await app.runtime.db
    .insert(emails)
    .values({
      id,
      projectId: project.id,
      type: "transactional",
      status: "sent",
      fromAddress: "hello@mail.test",
      to: options.to ?? `reader-${newTrackingToken().slice(0, 8).toLowerCase()}@example.com`,
      cc: options.cc ?? [],
      subject: "Provider webhook test",
      trackingToken: newTrackingToken(),
      messageId: options.messageId ?? `<${id}@mail.test>`,
      sentAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return email!;
}

export async function emailRow(app: TestApp, id: string) {
  const [row] = await app.runtime.db.select().from(emails).where(eq(emails.id, id));
  return row!;
}

export function eventsOf(app: TestApp, emailId: string) {
  return app.runtime.db
    .select()
    .from(emailEvents)
    .where(eq(emailEvents.emailId, emailId))
    .orderBy(emailEvents.createdAt, emailEvents.id);
}

export async function suppressionOf(app: TestApp, projectId: string, address: string) {
  const [row] = await app.runtime.db
    .select()
    .from(suppressions)
    .where(and(eq(suppressions.projectId, projectId), eq(suppressions.email, address)));
  return row ?? null;
}

/** A webhook endpoint for the project's bounce and complaint events. */
export async function subscribeToBouncesAndComplaints(app: TestApp, project: TestProject) {
  const response = await app.api("/v1/webhooks", {
    method: "POST",
    key: project.live,
    body: {
      url: "https://hooks.example.com/mailwright",
      events: ["email.bounced", "email.complained", "email.delivered"],
    },
  });
  if (response.status !== 201) throw new Error(`webhook not created: ${response.text}`);
}

/** The payloads of the outgoing webhooks queued for the project, of one type. */
export async function outgoingWebhooks(app: TestApp, projectId: string, type: string) {
  const rows = await app.runtime.db
    .select({ payload: webhookDeliveries.payload })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.projectId, projectId), eq(webhookDeliveries.eventType, type)));
  return rows.map(
    (row) => JSON.parse(row.payload) as { type: string; data: Record<string, unknown> },
  );
}

export type SnsSigner = {
  certificatePem: string;
  privateKey: KeyObject;
  sign(envelope: Omit<SnsEnvelope, "Signature">): SnsEnvelope;
};

/** An RSA key and a self-signed certificate for it, as SNS's signing certificate stands in. */
export function makeSnsSigner(): SnsSigner {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mw-sns-"));
  try {
    const keyFile = path.join(dir, "key.pem");
    const certFile = path.join(dir, "cert.pem");
    fs.writeFileSync(keyFile, privateKey.export({ type: "pkcs8", format: "pem" }));
    execFileSync("openssl", [
      "req",
      "-x509",
      "-new",
      "-key",
      keyFile,
      "-out",
      certFile,
      "-days",
      "2",
      "-subj",
      "/CN=sns.amazonaws.com",
      "-sha256",
    ]);
    const certificatePem = fs.readFileSync(certFile, "utf8");
    return {
      certificatePem,
      privateKey,
      sign(envelope) {
        const signer = createSign(envelope.SignatureVersion === "1" ? "RSA-SHA1" : "RSA-SHA256");
        signer.update(snsStringToSign(envelope as SnsEnvelope)!, "utf8");
        return { ...envelope, Signature: signer.sign(privateKey, "base64") } as SnsEnvelope;
      },
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
