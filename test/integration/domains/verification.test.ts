import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { serviceContext } from "@/lib/core/context";
import { createDomain } from "@/lib/domains/create";
import type { DnsResolver } from "@/lib/core/dns";
import { findVerifiedDomain } from "@/lib/domains/find-verified";
import { markDomainVerified } from "@/lib/domains/mark-verified";
import { dkimRecordName } from "@/lib/domains/records";
import { verifyDomain } from "@/lib/domains/verify";
import { ForbiddenError } from "@/lib/core/errors";
import { startTestApp, type TestApp, type TestProject } from "../../support/app";

let app: TestApp;
let project: TestProject;

/** A fake DNS zone: name → TXT records; anything else is NXDOMAIN. */
const zone = new Map<string, string[][]>();
const resolver: DnsResolver = {
  async resolveTxt(name) {
    const records = zone.get(name);
    if (!records)
      throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: "ENOTFOUND" });
    return records;
  },
};

beforeAll(async () => {
  app = await startTestApp({ dns: resolver });
  project = await app.createProject();
});
afterAll(async () => {
  await app?.close();
});
beforeEach(() => zone.clear());

async function pendingDomain(name: string) {
  return createDomain(app.runtime.db, project.id, { name }, app.clock.now());
}

function publishDkim(domain: { name: string; dkimSelector: string; dkimPublicKey: string }) {
  zone.set(dkimRecordName(domain), [[`v=DKIM1; k=rsa; p=${domain.dkimPublicKey}`]]);
}

describe(`domain verification by hand and re-checks (${process.env.MW_TEST_DRIVER ?? "pglite"})`, () => {
  it("an admin marks a domain verified: it can send, and the record says by whom", async () => {
    const domain = await pendingDomain("laptop.example.com");
    const marked = await markDomainVerified(app.ctx(project.id), domain.id, {
      by: "ada@example.com",
    });
    expect(marked).toMatchObject({
      status: "verified",
      verificationMethod: "manual",
      verifiedBy: "ada@example.com",
    });
    expect(marked.verifiedAt).toBeInstanceOf(Date);
    expect(
      await findVerifiedDomain(app.runtime.db, project.id, "laptop.example.com"),
    ).not.toBeNull();

    const read = await app.api(`/v1/domains/${domain.id}`, { key: project.live });
    expect(read.body).toMatchObject({
      status: "verified",
      verification: "manual",
      verified_by: "ada@example.com",
    });
    // Never found in DNS: the DKIM record is not reported as verified.
    expect(read.body.records[0]).toMatchObject({ purpose: "dkim", status: "pending" });
  });

  it("refuses a member (403) and changes nothing", async () => {
    const domain = await pendingDomain("member.example.com");
    const member = serviceContext(app.runtime, project.id, "live", "member");
    await expect(markDomainVerified(member, domain.id, { by: "m@example.com" })).rejects.toThrow(
      ForbiddenError,
    );
    expect(await findVerifiedDomain(app.runtime.db, project.id, "member.example.com")).toBeNull();
  });

  it("a failing re-check (API) of a manually verified domain does not demote it", async () => {
    const domain = await pendingDomain("manual.example.com");
    await markDomainVerified(app.ctx(project.id), domain.id, { by: "ada@example.com" });
    const checked = await app.api(`/v1/domains/${domain.id}/verify`, {
      method: "POST",
      key: project.live,
    });
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({
      status: "verified",
      verification: "manual",
      verified_by: "ada@example.com",
    });
    expect(checked.body.records[0]).toMatchObject({ purpose: "dkim", status: "missing" });
    expect(checked.body.last_checked_at).not.toBeNull();
    expect(
      await findVerifiedDomain(app.runtime.db, project.id, "manual.example.com"),
    ).not.toBeNull();
  });

  it("a CLI-verified domain (--verified) is manual too, and survives a failing re-check", async () => {
    const domain = await createDomain(
      app.runtime.db,
      project.id,
      { name: "cli.example.com", verified: true },
      app.clock.now(),
    );
    expect(domain).toMatchObject({ verificationMethod: "manual", verifiedBy: "admin CLI" });
    const { domain: after, keptVerified } = await verifyDomain(app.ctx(project.id), domain.id);
    expect(after.status).toBe("verified");
    expect(keptVerified).toBe(true);
  });

  it("a manually verified domain whose DKIM record appears becomes verified by DNS", async () => {
    const domain = await pendingDomain("upgrade.example.com");
    await markDomainVerified(app.ctx(project.id), domain.id, { by: "ada@example.com" });
    publishDkim(domain);
    const { domain: after, keptVerified } = await verifyDomain(app.ctx(project.id), domain.id);
    expect(after).toMatchObject({
      status: "verified",
      verificationMethod: "dns",
      verifiedBy: null,
    });
    expect(keptVerified).toBe(false);
  });

  it("a DNS-verified domain that fails a re-check stays verified until the admin agrees", async () => {
    const domain = await pendingDomain("dns.example.com");
    publishDkim(domain);
    await verifyDomain(app.ctx(project.id), domain.id);
    zone.clear();

    const kept = await verifyDomain(app.ctx(project.id), domain.id, { onFailure: "keep" });
    expect(kept.keptVerified).toBe(true);
    expect(kept.statuses.dkim).toBe("missing");
    expect(kept.domain).toMatchObject({ status: "verified", verificationMethod: "dns" });

    const demoted = await verifyDomain(app.ctx(project.id), domain.id, { onFailure: "demote" });
    expect(demoted.domain).toMatchObject({ status: "pending", verificationMethod: null });
    expect(await findVerifiedDomain(app.runtime.db, project.id, "dns.example.com")).toBeNull();
  });

  it("marking an already verified domain keeps how it was verified", async () => {
    const domain = await pendingDomain("already.example.com");
    publishDkim(domain);
    await verifyDomain(app.ctx(project.id), domain.id);
    const again = await markDomainVerified(app.ctx(project.id), domain.id, { by: "x@example.com" });
    expect(again).toMatchObject({ verificationMethod: "dns", verifiedBy: null });
  });
});
