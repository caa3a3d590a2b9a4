import { describe, expect, it } from "vitest";
import { readConfig } from "@/lib/core/config";
import { checkDkim, checkDmarc, checkMx, checkSpf, joinTxtChunks } from "@/lib/domains/check";
import type { DnsResolver } from "@/lib/core/dns";
import { lookupMx, lookupTxt } from "@/lib/domains/dns";
import {
  PENDING_STATUSES,
  dnsRecordsFor,
  recordOptions,
  spfInclude,
  storedRecordStatuses,
} from "@/lib/domains/records";
import { domainStatusFor } from "@/lib/domains/verify";

const domain = {
  name: "example.com",
  dkimSelector: "mailwright",
  dkimPublicKey: "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAq",
};

describe("DNS records to publish", () => {
  it("lists DKIM (required), SPF, DMARC and the return path's MX and SPF (suggested), pending", () => {
    const records = dnsRecordsFor(domain, {
      spfInclude: "_spf.mail.example.net",
      bounceDomain: undefined,
      bounceMxHost: "mx.mail.example.net",
    });
    expect(records).toEqual([
      {
        type: "TXT",
        name: "mailwright._domainkey.example.com",
        host: "mailwright._domainkey",
        zone: "example.com",
        value: `v=DKIM1; k=rsa; p=${domain.dkimPublicKey}`,
        purpose: "dkim",
        required: true,
        status: "pending",
      },
      {
        type: "TXT",
        name: "example.com",
        host: "@",
        zone: "example.com",
        value: "v=spf1 include:_spf.mail.example.net ~all",
        purpose: "spf",
        required: false,
        status: "pending",
      },
      {
        type: "TXT",
        name: "_dmarc.example.com",
        host: "_dmarc",
        zone: "example.com",
        value: "v=DMARC1; p=none; rua=mailto:dmarc@example.com",
        purpose: "dmarc",
        required: false,
        status: "pending",
      },
      {
        type: "MX",
        name: "bounces.example.com",
        host: "bounces",
        zone: "example.com",
        value: "10 mx.mail.example.net",
        priority: 10,
        purpose: "return_path_mx",
        required: false,
        status: "pending",
      },
      {
        type: "TXT",
        name: "bounces.example.com",
        host: "bounces",
        zone: "example.com",
        value: "v=spf1 include:_spf.mail.example.net ~all",
        purpose: "return_path_spf",
        required: false,
        status: "pending",
      },
    ]);
  });

  it("names the return path bounces.<domain> and the MX the APP_URL host by default", () => {
    const options = recordOptions(
      readConfig({ APP_URL: "https://Mail.Acme.io:8443/", SMTP_URL: "smtp://smtp.sendgrid.net" }),
    );
    const records = dnsRecordsFor({ ...domain, name: "news.acme.io" }, options);
    const mx = records.find((r) => r.purpose === "return_path_mx");
    expect(mx).toMatchObject({ type: "MX", name: "bounces.news.acme.io", priority: 10 });
    expect(mx?.value).toBe("10 mail.acme.io");
    expect(records.find((r) => r.purpose === "return_path_spf")).toMatchObject({
      name: "bounces.news.acme.io",
      host: "bounces.news",
      zone: "acme.io",
      value: "v=spf1 include:sendgrid.net ~all",
    });
  });

  it("suggests no SPF record when no relay include is known (never an invented one)", () => {
    const options = recordOptions(readConfig({ APP_URL: "https://mail.acme.io" }));
    const purposes = dnsRecordsFor(domain, options).map((r) => r.purpose);
    expect(purposes).toEqual(["dkim", "dmarc", "return_path_mx"]);
  });

  it("names BOUNCE_DOMAIN (shared by every domain) and BOUNCE_MX_HOST when they are set", () => {
    const options = recordOptions(
      readConfig({
        APP_URL: "https://mail.acme.io",
        BOUNCE_DOMAIN: "Bounces.Acme.io.",
        BOUNCE_MX_HOST: "Inbound.Acme.io.",
        SPF_INCLUDE: "amazonses.com",
      }),
    );
    for (const name of ["news.acme.io", "shop.example.org"]) {
      const records = dnsRecordsFor({ ...domain, name }, options);
      expect(records.slice(3)).toEqual([
        expect.objectContaining({
          type: "MX",
          name: "bounces.acme.io",
          value: "10 inbound.acme.io",
          priority: 10,
        }),
        expect.objectContaining({
          type: "TXT",
          name: "bounces.acme.io",
          value: "v=spf1 include:amazonses.com ~all",
        }),
      ]);
    }
  });

  it("adds the domain's own MX (BOUNCE_MX_HOST, else APP_URL's host) only while it receives", () => {
    const options = recordOptions(readConfig({ APP_URL: "https://mail.acme.io" }));
    const purposes = (receiving: boolean) =>
      dnsRecordsFor({ ...domain, name: "acme.io", receiving }, options).map((r) => r.purpose);
    expect(purposes(false)).not.toContain("inbound_mx");
    const mx = dnsRecordsFor({ ...domain, name: "acme.io", receiving: true }, options).at(-1);
    expect(mx).toEqual({
      type: "MX",
      name: "acme.io",
      host: "@",
      zone: "acme.io",
      value: "10 mail.acme.io",
      priority: 10,
      purpose: "inbound_mx",
      required: true,
      status: "pending",
    });
    const custom = recordOptions(
      readConfig({ APP_URL: "https://mail.acme.io", BOUNCE_MX_HOST: "mx.acme.io" }),
    );
    expect(dnsRecordsFor({ ...domain, receiving: true }, custom).at(-1)?.value).toBe(
      "10 mx.acme.io",
    );
  });

  it("takes the SPF include from SPF_INCLUDE, else from the configured relay, else none", () => {
    const appUrl = "https://mail.acme.io:8443/";
    expect(spfInclude(readConfig({ SPF_INCLUDE: " relay.example.net ", APP_URL: appUrl }))).toBe(
      "relay.example.net",
    );
    expect(spfInclude(readConfig({ APP_URL: appUrl }))).toBeNull();
  });

  it("derives the stored DKIM status from the domain row", () => {
    expect(storedRecordStatuses({ status: "pending", lastCheckedAt: null }).dkim).toBe("pending");
    expect(storedRecordStatuses({ status: "pending", lastCheckedAt: new Date() }).dkim).toBe(
      "missing",
    );
    expect(storedRecordStatuses({ status: "failed", lastCheckedAt: new Date() }).dkim).toBe(
      "mismatch",
    );
    expect(storedRecordStatuses({ status: "verified", lastCheckedAt: null })).toEqual({
      dkim: "verified",
      spf: "pending",
      dmarc: "pending",
      return_path_mx: "pending",
      return_path_spf: "pending",
      inbound_mx: "pending",
    });
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
    const missing = {
      spf: "missing",
      dmarc: "missing",
      return_path_mx: "missing",
      return_path_spf: "mismatch",
      inbound_mx: "missing",
    } as const;
    const verified = {
      spf: "verified",
      dmarc: "verified",
      return_path_mx: "verified",
      return_path_spf: "verified",
      inbound_mx: "verified",
    } as const;
    expect(domainStatusFor({ ...missing, dkim: "verified" })).toBe("verified");
    expect(domainStatusFor({ ...verified, dkim: "mismatch" })).toBe("failed");
    expect(domainStatusFor({ ...verified, dkim: "missing" })).toBe("pending");
    expect(domainStatusFor({ ...PENDING_STATUSES, dkim: "verified" })).toBe("verified");
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

describe("return-path MX check", () => {
  const found = (...exchanges: string[]) => ({
    kind: "found" as const,
    records: exchanges.map((exchange, i) => ({ exchange, priority: 10 * (i + 1) })),
  });

  it("verifies when an exchange names the host, ignoring case and a trailing dot", () => {
    expect(checkMx(found("inbound.acme.io"), "inbound.acme.io")).toBe("verified");
    expect(checkMx(found("Inbound.ACME.io."), "inbound.acme.io")).toBe("verified");
    expect(checkMx(found("inbound.acme.io"), "INBOUND.acme.io.")).toBe("verified");
    expect(checkMx(found("backup.acme.io", "inbound.acme.io"), "inbound.acme.io")).toBe("verified");
  });

  it("is a mismatch when MX records name other hosts, missing without any, pending on errors", () => {
    expect(checkMx(found("aspmx.l.google.com"), "inbound.acme.io")).toBe("mismatch");
    expect(checkMx(found("inbound.acme.io.evil.net"), "inbound.acme.io")).toBe("mismatch");
    expect(checkMx({ kind: "found", records: [] }, "inbound.acme.io")).toBe("missing");
    expect(checkMx({ kind: "missing" }, "inbound.acme.io")).toBe("missing");
    expect(checkMx({ kind: "error", code: "ESERVFAIL" }, "inbound.acme.io")).toBe("pending");
  });
});

describe("MX lookups", () => {
  const failing = (code: string): DnsResolver => ({
    resolveTxt: async () => [],
    resolveMx: () => Promise.reject(Object.assign(new Error(code), { code })),
  });

  it("turns not-found answers into missing and other failures into errors, never throwing", async () => {
    expect(await lookupMx(failing("ENOTFOUND"), "x.example")).toEqual({ kind: "missing" });
    expect(await lookupMx(failing("ENODATA"), "x.example")).toEqual({ kind: "missing" });
    expect(await lookupMx(failing("ETIMEOUT"), "x.example")).toEqual({
      kind: "error",
      code: "ETIMEOUT",
    });
    const records = [{ exchange: "mx.example", priority: 10 }];
    const ok: DnsResolver = { resolveTxt: async () => [], resolveMx: async () => records };
    expect(await lookupMx(ok, "x.example")).toEqual({ kind: "found", records });
    const empty: DnsResolver = { resolveTxt: async () => [], resolveMx: async () => [] };
    expect(await lookupMx(empty, "x.example")).toEqual({ kind: "missing" });
  });

  it("answers an error (a pending status) for a resolver without MX lookups", async () => {
    expect(await lookupMx({ resolveTxt: async () => [] }, "x.example")).toEqual({
      kind: "error",
      code: "ENOTIMP",
    });
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
