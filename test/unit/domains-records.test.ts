import { describe, expect, it } from "vitest";
import { readConfig } from "@/lib/config";
import { checkDkim, checkDmarc, checkSpf, joinTxtChunks } from "@/lib/domains/check";
import { lookupTxt, type DnsResolver } from "@/lib/domains/dns";
import { dnsRecordsFor, spfInclude, storedRecordStatuses } from "@/lib/domains/records";
import { domainStatusFor } from "@/lib/domains/verify";

const domain = {
  name: "example.com",
  dkimSelector: "mailwright",
  dkimPublicKey: "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAq",
};

describe("DNS records to publish", () => {
  it("lists DKIM (required), SPF and DMARC (suggested) with pending status", () => {
    const records = dnsRecordsFor(domain, { spfInclude: "_spf.mail.example.net" });
    expect(records).toEqual([
      {
        type: "TXT",
        name: "mailwright._domainkey.example.com",
        value: `v=DKIM1; k=rsa; p=${domain.dkimPublicKey}`,
        purpose: "dkim",
        required: true,
        status: "pending",
      },
      {
        type: "TXT",
        name: "example.com",
        value: "v=spf1 include:_spf.mail.example.net ~all",
        purpose: "spf",
        required: false,
        status: "pending",
      },
      {
        type: "TXT",
        name: "_dmarc.example.com",
        value: "v=DMARC1; p=none; rua=mailto:dmarc@example.com",
        purpose: "dmarc",
        required: false,
        status: "pending",
      },
    ]);
  });

  it("takes the SPF include from SPF_INCLUDE, else from the APP_URL host", () => {
    const appUrl = "https://mail.acme.io:8443/";
    expect(spfInclude(readConfig({ SPF_INCLUDE: " relay.example.net ", APP_URL: appUrl }))).toBe(
      "relay.example.net",
    );
    expect(spfInclude(readConfig({ APP_URL: appUrl }))).toBe("_spf.mail.acme.io");
  });

  it("derives the stored DKIM status from the domain row", () => {
    expect(storedRecordStatuses({ status: "pending", lastCheckedAt: null }).dkim).toBe("pending");
    expect(storedRecordStatuses({ status: "pending", lastCheckedAt: new Date() }).dkim).toBe(
      "missing",
    );
    expect(storedRecordStatuses({ status: "failed", lastCheckedAt: new Date() }).dkim).toBe(
      "mismatch",
    );
    expect(storedRecordStatuses({ status: "verified", lastCheckedAt: null }).dkim).toBe("verified");
  });
});

describe("DKIM check", () => {
  const found = (records: string[][]) => ({
    kind: "found" as const,
    records: joinTxtChunks(records),
  });

  it("matches the p= value after joining 255-character chunks and dropping whitespace", () => {
    const key = "A".repeat(300) + "B".repeat(92);
    const value = `v=DKIM1; k=rsa; p=${key}`;
    const chunks = [value.slice(0, 255), value.slice(255)];
    expect(checkDkim(found([chunks]), key)).toBe("verified");
    const spaced = `v=DKIM1;k=rsa;  p= ${key.slice(0, 100)} ${key.slice(100)} `;
    expect(checkDkim(found([[spaced]]), key)).toBe("verified");
  });

  it("is a mismatch for another key or a record without p=, missing when absent", () => {
    expect(checkDkim(found([["v=DKIM1; k=rsa; p=OTHER"]]), "MINE")).toBe("mismatch");
    expect(checkDkim(found([["v=DKIM1; k=rsa"]]), "MINE")).toBe("mismatch");
    expect(checkDkim(found([["unrelated"], ["v=DKIM1; p=MINE"]]), "MINE")).toBe("verified");
    expect(checkDkim({ kind: "missing" }, "MINE")).toBe("missing");
    expect(checkDkim({ kind: "error", code: "ETIMEOUT" }, "MINE")).toBe("pending");
  });

  it("decides the domain status from DKIM alone", () => {
    expect(domainStatusFor({ dkim: "verified", spf: "missing", dmarc: "missing" })).toBe(
      "verified",
    );
    expect(domainStatusFor({ dkim: "mismatch", spf: "verified", dmarc: "verified" })).toBe(
      "failed",
    );
    expect(domainStatusFor({ dkim: "missing", spf: "verified", dmarc: "verified" })).toBe(
      "pending",
    );
  });
});

describe("SPF and DMARC checks", () => {
  it("verifies SPF when the v=spf1 record includes the relay", () => {
    const lookup = (r: string) => ({
      kind: "found" as const,
      records: ["google-site-verification=x", r],
    });
    expect(checkSpf(lookup("v=spf1 include:_spf.relay.net ~all"), "_spf.relay.net")).toBe(
      "verified",
    );
    expect(checkSpf(lookup("v=spf1 mx +include:_SPF.relay.net -all"), "_spf.relay.net")).toBe(
      "verified",
    );
    expect(checkSpf(lookup("v=spf1 include:other.net ~all"), "_spf.relay.net")).toBe("mismatch");
    expect(checkSpf({ kind: "found", records: ["nothing"] }, "_spf.relay.net")).toBe("missing");
  });

  it("accepts any DMARC policy record", () => {
    expect(checkDmarc({ kind: "found", records: ["v=DMARC1; p=reject"] })).toBe("verified");
    expect(checkDmarc({ kind: "found", records: ["v=spf1 -all"] })).toBe("missing");
    expect(checkDmarc({ kind: "missing" })).toBe("missing");
  });
});

describe("TXT lookups", () => {
  const failing = (code: string): DnsResolver => ({
    resolveTxt: () => Promise.reject(Object.assign(new Error(code), { code })),
  });

  it("turns not-found answers into missing and other failures into errors, never throwing", async () => {
    expect(await lookupTxt(failing("ENOTFOUND"), "x.example")).toEqual({ kind: "missing" });
    expect(await lookupTxt(failing("ENODATA"), "x.example")).toEqual({ kind: "missing" });
    expect(await lookupTxt(failing("ETIMEOUT"), "x.example")).toEqual({
      kind: "error",
      code: "ETIMEOUT",
    });
    const ok: DnsResolver = { resolveTxt: async () => [["a", "b"], ["c"]] };
    expect(await lookupTxt(ok, "x.example")).toEqual({ kind: "found", records: ["ab", "c"] });
  });
});
