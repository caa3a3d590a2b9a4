import { describe, expect, it } from "vitest";
import {
  isSnsUrl,
  publicKeyOfCertificate,
  SnsEnvelope,
  snsStringToSign,
  verifySnsSignature,
} from "@/lib/providers/sns";
import { makeSnsSigner } from "../../support/sns-signer";

const notification = {
  Type: "Notification" as const,
  MessageId: "22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324",
  TopicArn: "arn:aws:sns:us-west-2:123456789012:MyTopic",
  Subject: "My First Message",
  Message: 'Hello world!\n{"a":1}',
  Timestamp: "2012-05-02T00:54:06.655Z",
  SignatureVersion: "1" as const,
  SigningCertURL:
    "https://sns.us-west-2.amazonaws.com/SimpleNotificationService-f3ecfb7224c7233fe7bb5f59f96de52f.pem",
};

const confirmation = {
  Type: "SubscriptionConfirmation" as const,
  MessageId: "165545c9-2a5c-472c-8df2-7ff2be2b3b1b",
  Token: "2336412f37f",
  TopicArn: "arn:aws:sns:us-west-2:123456789012:MyTopic",
  Message: "You have chosen to subscribe to the topic arn:aws:sns:us-west-2:123456789012:MyTopic.",
  SubscribeURL:
    "https://sns.us-west-2.amazonaws.com/?Action=ConfirmSubscription&TopicArn=arn:aws:sns:us-west-2:123456789012:MyTopic&Token=2336412f37f",
  Timestamp: "2012-04-26T20:45:04.751Z",
  SignatureVersion: "2" as const,
  SigningCertURL: notification.SigningCertURL,
};

describe("SNS string to sign", () => {
  it("lists a notification's fields in AWS's order, Subject only when present", () => {
    expect(snsStringToSign({ ...notification, Signature: "x" })).toBe(
      'Message\nHello world!\n{"a":1}\nMessageId\n22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324\n' +
        "Subject\nMy First Message\nTimestamp\n2012-05-02T00:54:06.655Z\n" +
        "TopicArn\narn:aws:sns:us-west-2:123456789012:MyTopic\nType\nNotification\n",
    );
    expect(snsStringToSign({ ...notification, Subject: undefined, Signature: "x" })).not.toContain(
      "Subject",
    );
  });

  it("lists a confirmation's fields, including SubscribeURL and Token", () => {
    expect(snsStringToSign({ ...confirmation, Signature: "x" })).toBe(
      `Message\n${confirmation.Message}\nMessageId\n${confirmation.MessageId}\n` +
        `SubscribeURL\n${confirmation.SubscribeURL}\nTimestamp\n${confirmation.Timestamp}\n` +
        `Token\n2336412f37f\nTopicArn\n${confirmation.TopicArn}\nType\nSubscriptionConfirmation\n`,
    );
    expect(snsStringToSign({ ...confirmation, Token: undefined, Signature: "x" })).toBeNull();
  });

  it("parses the documented envelope and refuses unknown types and versions", () => {
    expect(SnsEnvelope.safeParse({ ...notification, Signature: "x" }).success).toBe(true);
    expect(SnsEnvelope.safeParse({ ...notification, Signature: "x", Type: "Other" }).success).toBe(
      false,
    );
    expect(
      SnsEnvelope.safeParse({ ...notification, Signature: "x", SignatureVersion: "3" }).success,
    ).toBe(false);
  });
});

describe("SNS URLs", () => {
  it("accepts HTTPS SNS hosts of every partition", () => {
    expect(isSnsUrl(notification.SigningCertURL)).toBe(true);
    expect(isSnsUrl("https://sns.cn-north-1.amazonaws.com.cn/x.pem")).toBe(true);
    expect(isSnsUrl("https://sns.us-gov-west-1.amazonaws.com/x.pem")).toBe(true);
    expect(isSnsUrl("https://sns.ap-southeast-2.amazonaws.com/?Action=ConfirmSubscription")).toBe(
      true,
    );
  });

  it.each([
    "http://sns.us-east-1.amazonaws.com/x.pem",
    "https://sns.us-east-1.amazonaws.com:444/x.pem",
    "https://user:pw@sns.us-east-1.amazonaws.com/x.pem",
    "https://sns.us-east-1.amazonaws.com.evil.example/x.pem",
    "https://evil.example/sns.us-east-1.amazonaws.com/x.pem",
    "https://sns.amazonaws.com/x.pem",
    "https://sqs.us-east-1.amazonaws.com/x.pem",
    "https://xsns.us-east-1.amazonaws.com/x.pem",
    "https://s3.amazonaws.com/sns.us-east-1.amazonaws.com/x.pem",
    "not a url",
  ])("refuses %s", (url) => {
    expect(isSnsUrl(url)).toBe(false);
  });
});

describe("SNS signature", () => {
  const signer = makeSnsSigner();
  const key = publicKeyOfCertificate(signer.certificatePem)!;

  it("verifies SignatureVersion 1 (SHA1) and 2 (SHA256) signatures", () => {
    expect(verifySnsSignature(signer.sign(notification), key)).toEqual({ ok: true });
    expect(verifySnsSignature(signer.sign(confirmation), key)).toEqual({ ok: true });
  });

  it("refuses a changed field, a changed version and another key", () => {
    const signed = signer.sign(notification);
    expect(verifySnsSignature({ ...signed, Message: "Hello world?" }, key).ok).toBe(false);
    expect(verifySnsSignature({ ...signed, Subject: undefined }, key).ok).toBe(false);
    expect(verifySnsSignature({ ...signed, SignatureVersion: "2" }, key).ok).toBe(false);
    const other = publicKeyOfCertificate(makeSnsSigner().certificatePem)!;
    expect(verifySnsSignature(signed, other).ok).toBe(false);
    expect(verifySnsSignature({ ...signed, Signature: "bm9wZQ==" }, key).ok).toBe(false);
  });

  it("reads only RSA certificates", () => {
    expect(
      publicKeyOfCertificate("-----BEGIN CERTIFICATE-----\nnope\n-----END CERTIFICATE-----"),
    ).toBeNull();
    expect(publicKeyOfCertificate("")).toBeNull();
  });
});
