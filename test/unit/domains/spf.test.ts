import { describe, expect, it } from "vitest";
import { readConfig } from "@/lib/core/config";
import { dnsRecordsFor, recordOptions, zoneHost } from "@/lib/domains/records";
import { spfAdvice } from "@/lib/domains/spf";

const APP_URL = "https://mail.acme.io";

describe("SPF advice follows the configured relay", () => {
  it("uses SPF_INCLUDE when the operator set it, whatever the relay", () => {
    expect(
      spfAdvice(
        readConfig({ APP_URL, SPF_INCLUDE: "spf.acme.io", SMTP_URL: "smtp://relay.acme.io" }),
      ),
    ).toEqual({ include: "spf.acme.io", source: "SPF_INCLUDE", relayHost: "relay.acme.io" });
  });

  it("knows the include of well-known SMTP relays", () => {
    const include = (url: string) => spfAdvice(readConfig({ APP_URL, SMTP_URL: url })).include;
    expect(include("smtp://apikey:x@smtp.sendgrid.net:587")).toBe("sendgrid.net");
    expect(include("smtps://u:p@email-smtp.eu-west-1.amazonaws.com:465")).toBe("amazonses.com");
    expect(include("smtp://u:p@smtp.postmarkapp.com")).toBe("spf.mtasv.net");
    expect(include("smtp://u:p@smtp.eu.mailgun.org")).toBe("mailgun.org");
    expect(include("smtp://u:p@SMTP.Gmail.com.")).toBe("_spf.google.com");
  });

  it("says to add the relay's own include for an unknown relay, and suggests no record", () => {
    const config = readConfig({ APP_URL, SMTP_URL: "smtp://localhost:1025" });
    expect(spfAdvice(config)).toEqual({
      include: null,
      source: "unknown_relay",
      relayHost: "localhost",
    });
    const records = dnsRecordsFor(
      { name: "acme.io", dkimSelector: "mw", dkimPublicKey: "AAAA" },
      recordOptions(config),
    );
    expect(records.some((r) => r.value.startsWith("v=spf1"))).toBe(false);
  });

  it("names Resend's include only when Resend is the configured provider", () => {
    expect(spfAdvice(readConfig({ APP_URL, RESEND_API_KEY: "re_123" }))).toMatchObject({
      include: "amazonses.com",
      source: "resend",
    });
    expect(spfAdvice(readConfig({ APP_URL }))).toEqual({
      include: null,
      source: "no_delivery",
      relayHost: null,
    });
  });
});

describe("record hosts relative to the DNS zone", () => {
  it("a subdomain's records are relative to the registered domain's zone", () => {
    expect(zoneHost("mailwright._domainkey.mail.example.com")).toEqual({
      zone: "example.com",
      host: "mailwright._domainkey.mail",
    });
    expect(zoneHost("mail.example.com")).toEqual({ zone: "example.com", host: "mail" });
    expect(zoneHost("_dmarc.news.shop.example.co.uk")).toEqual({
      zone: "example.co.uk",
      host: "_dmarc.news.shop",
    });
  });

  it("the apex is @", () => {
    expect(zoneHost("example.com")).toEqual({ zone: "example.com", host: "@" });
  });
});
