import { createVerify, X509Certificate, type KeyObject } from "node:crypto";
import { z } from "zod";

/**
 * Amazon SNS HTTP(S) deliveries, verified as AWS documents ("Verifying the signatures of Amazon
 * SNS messages"): the signature is RSA over a canonical string of named fields, with SHA1
 * (SignatureVersion 1) or SHA256 (SignatureVersion 2), checked with the public key of the
 * certificate at SigningCertURL, which must be an SNS endpoint reached over HTTPS.
 */
export const SnsEnvelope = z.looseObject({
  Type: z.enum(["Notification", "SubscriptionConfirmation", "UnsubscribeConfirmation"], {
    error: "must be Notification, SubscriptionConfirmation or UnsubscribeConfirmation",
  }),
  MessageId: z.string().min(1),
  TopicArn: z.string().min(1),
  Message: z.string(),
  Timestamp: z.string().min(1),
  SignatureVersion: z.enum(["1", "2"], { error: "must be 1 or 2" }),
  Signature: z.string().min(1),
  SigningCertURL: z.string().min(1),
  Subject: z.string().optional(),
  Token: z.string().optional(),
  SubscribeURL: z.string().optional(),
  UnsubscribeURL: z.string().optional(),
});
export type SnsEnvelope = z.infer<typeof SnsEnvelope>;

export type SnsVerification = { ok: true } | { ok: false; reason: string };

/**
 * The string SNS signs: `name\nvalue\n` for each field, in this order. Notifications sign
 * Message, MessageId, Subject (only when present), Timestamp, TopicArn, Type; confirmations
 * sign Message, MessageId, SubscribeURL, Timestamp, Token, TopicArn, Type. Null when a field a
 * confirmation signs is missing.
 */
export function snsStringToSign(envelope: SnsEnvelope): string | null {
  const fields: [string, string | undefined][] =
    envelope.Type === "Notification"
      ? [
          ["Message", envelope.Message],
          ["MessageId", envelope.MessageId],
          ...(envelope.Subject !== undefined
            ? [["Subject", envelope.Subject] as [string, string]]
            : []),
          ["Timestamp", envelope.Timestamp],
          ["TopicArn", envelope.TopicArn],
          ["Type", envelope.Type],
        ]
      : [
          ["Message", envelope.Message],
          ["MessageId", envelope.MessageId],
          ["SubscribeURL", envelope.SubscribeURL],
          ["Timestamp", envelope.Timestamp],
          ["Token", envelope.Token],
          ["TopicArn", envelope.TopicArn],
          ["Type", envelope.Type],
        ];
  if (fields.some(([, value]) => value === undefined)) return null;
  return fields.map(([name, value]) => `${name}\n${value}\n`).join("");
}

/** `sns.<region>.amazonaws.com`, or `.amazonaws.com.cn` in the China regions. */
const SNS_HOST = /^sns\.[a-z]{2}(?:-[a-z]+)+-\d{1,2}\.amazonaws\.com(?:\.cn)?$/;

/**
 * Whether a URL found in a message (SigningCertURL, SubscribeURL) may be fetched: HTTPS on the
 * default port, an SNS host, no credentials. Checked before any request, so a forged message
 * cannot make this server fetch an address of its choosing.
 */
export function isSnsUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return (
    url.protocol === "https:" &&
    url.port === "" &&
    url.username === "" &&
    url.password === "" &&
    SNS_HOST.test(url.hostname)
  );
}

/** The public key of a PEM certificate, or null when it cannot be read. */
export function publicKeyOfCertificate(pem: string): KeyObject | null {
  try {
    const certificate = new X509Certificate(pem);
    return certificate.publicKey.asymmetricKeyType === "rsa" ? certificate.publicKey : null;
  } catch {
    return null;
  }
}

/** Checks the envelope's signature with the signing certificate's public key. */
export function verifySnsSignature(envelope: SnsEnvelope, publicKey: KeyObject): SnsVerification {
  const stringToSign = snsStringToSign(envelope);
  if (stringToSign === null) {
    return { ok: false, reason: "A field the signature covers (SubscribeURL, Token) is missing." };
  }
  const verifier = createVerify(envelope.SignatureVersion === "1" ? "RSA-SHA1" : "RSA-SHA256");
  verifier.update(stringToSign, "utf8");
  const signature = Buffer.from(envelope.Signature, "base64");
  let valid = false;
  try {
    valid = verifier.verify(publicKey, signature);
  } catch {
    valid = false;
  }
  return valid
    ? { ok: true }
    : { ok: false, reason: "The signature does not match the message and its certificate." };
}
