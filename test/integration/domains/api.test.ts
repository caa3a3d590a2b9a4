import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DnsResolver } from "@/lib/core/dns";
import { findVerifiedDomain } from "@/lib/domains/find-verified";
import { startTestApp, type TestApp, type TestProject } from "../../support/app";
import { expectError, expectRequiresKey, ISO_MS } from "../../support/checks";

let app: TestApp;
let project: TestProject;
let other: TestProject;

/**
 * A fake DNS zone: name → TXT records (as chunk arrays) and name → MX records, or an error code
 * to throw.
 */
const zone = new Map<string, string[][] | string>();
const mxZone = new Map<string, { exchange: string; priority: number }[] | string>();
const lookups: string[] = [];

function answer<T>(kind: string, name: string, entry: T | string | undefined): T {
  if (entry === undefined || typeof entry === "string") {
    throw Object.assign(new Error(`${kind} ${entry ?? "ENOTFOUND"} ${name}`), {
      code: entry ?? "ENOTFOUND",
    });
  }
  return entry;
}

const fakeResolver: DnsResolver = {
  async resolveTxt(name) {
    lookups.push(name);
    return answer("queryTxt", name, zone.get(name));
  },
  async resolveMx(name) {
    lookups.push(`MX ${name}`);
    return answer("queryMx", name, mxZone.get(name));
  },
};

const BOUNCE_MX = "inbound.relay.example.net";

beforeAll(async () => {
  app = await startTestApp({
    config: { spfInclude: "_spf.relay.example.net", bounceMxHost: BOUNCE_MX },
    dns: fakeResolver,
  });
  project = await app.createProject();
  other = await app.createProject({ name: "Other" });
});
afterAll(async () => {
  await app?.close();
});
beforeEach(() => {
  zone.clear();
  mxZone.clear();
  lookups.length = 0;
});

async function addDomain(name: string, key = project.live) {
  const response = await app.api("/v1/domains", { method: "POST", key, body: { name } });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

type RecordJson = { purpose: string; name: string; value: string; status: string };

function recordOf(domain: { records: RecordJson[] }, purpose: string): RecordJson {
  const record = domain.records.find((r) => r.purpose === purpose);
  expect(record, purpose).toBeDefined();
  return record!;
}

describe(`domains API (${process.env.MW_TEST_DRIVER ?? "pglite"})`, () => {
  it("adds a pending domain with the DNS records to publish and never shows the private key", async () => {
    const response = await app.api("/v1/domains", {
      method: "POST",
      key: project.live,
      // `verified` is the CLI's override: over HTTP it is ignored.
      body: { name: "  News.Example.COM ", verified: true },
    });
    expect(response.status).toBe(201);
    const domain = response.body;
    expect(domain).toMatchObject({
      name: "news.example.com",
      status: "pending",
      verified_at: null,
      last_checked_at: null,
    });
    expect(domain.id).toMatch(/^dom_/);
    expect(domain.created_at).toMatch(ISO_MS);
    expect(domain.records.map((r: RecordJson) => r.purpose)).toEqual([
      "dkim",
      "spf",
      "dmarc",
      "return_path_mx",
      "return_path_spf",
    ]);
    const dkim = recordOf(domain, "dkim");
    expect(dkim).toMatchObject({
      type: "TXT",
      name: "mailwright._domainkey.news.example.com",
      host: "mailwright._domainkey.news",
      zone: "example.com",
      required: true,
      status: "pending",
    });
    expect(dkim.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]{300,}={0,2}$/);
    expect(recordOf(domain, "spf")).toMatchObject({
      name: "news.example.com",
      value: "v=spf1 include:_spf.relay.example.net ~all",
      required: false,
    });
    expect(recordOf(domain, "dmarc")).toMatchObject({
      name: "_dmarc.news.example.com",
      value: "v=DMARC1; p=none; rua=mailto:dmarc@news.example.com",
      required: false,
    });
    // Bounces and complaints come back to bounces+<token>@bounces.<domain>.
    expect(recordOf(domain, "return_path_mx")).toEqual({
      type: "MX",
      name: "bounces.news.example.com",
      // The host to enter at a DNS provider: relative to the zone example.com.
      host: "bounces.news",
      zone: "example.com",
      value: `10 ${BOUNCE_MX}`,
      priority: 10,
      purpose: "return_path_mx",
      required: false,
      status: "pending",
    });
    expect(recordOf(domain, "return_path_spf")).toEqual({
      type: "TXT",
      name: "bounces.news.example.com",
      host: "bounces.news",
      zone: "example.com",
      value: "v=spf1 include:_spf.relay.example.net ~all",
      purpose: "return_path_spf",
      required: false,
      status: "pending",
    });
    expect(response.text).not.toMatch(/PRIVATE KEY|private/i);
    expect(await findVerifiedDomain(app.runtime.db, project.id, "news.example.com")).toBeNull();
  });

  it("answers 409 for a duplicate in the project, 422 for bad names; other projects may add it", async () => {
    await addDomain("dup.example.com");
    expectError(
      await app.api("/v1/domains", {
        method: "POST",
        key: project.live,
        body: { name: "DUP.example.com" },
      }),
      409,
      "domain_exists",
    );
    await addDomain("dup.example.com", other.live);
    for (const name of ["", "nodot", "-bad.example.com", "a..b.com", 42, null]) {
      const response = await app.api("/v1/domains", {
        method: "POST",
        key: project.live,
        body: { name },
      });
      expectError(response, 422, "validation_error");
      expect(response.body.error.details[0].path).toBe("name");
    }
    expectError(await app.api("/v1/domains", { method: "POST", key: project.live, body: {} }), 422);
    expectError(
      await app.api("/v1/domains", { method: "POST", key: project.live, rawBody: "{" }),
      400,
    );
  });

  it("lists newest first with keyset cursors, gets one, and hides other projects' domains", async () => {
    const a = await addDomain("list-a.example.com");
    const b = await addDomain("list-b.example.com");
    const first = await app.api("/v1/domains?limit=1", { key: project.live });
    expect(first.status).toBe(200);
    expect(first.body.data.map((d: { id: string }) => d.id)).toEqual([b.id]);
    expect(first.body.has_more).toBe(true);
    const second = await app.api(`/v1/domains?limit=1&cursor=${first.body.next_cursor}`, {
      key: project.live,
    });
    expect(second.body.data.map((d: { id: string }) => d.id)).toEqual([a.id]);
    expect(second.text).not.toMatch(/PRIVATE KEY/);

    const fetched = await app.api(`/v1/domains/${a.id}`, { key: project.live });
    expect(fetched.body).toEqual(a);
    expectError(await app.api(`/v1/domains/${a.id}`, { key: other.live }), 404);
    expectError(await app.api("/v1/domains/dom_missing", { key: project.live }), 404);
    const otherList = await app.api("/v1/domains", { key: other.live });
    expect(otherList.body.data.map((d: { id: string }) => d.id)).not.toContain(a.id);
    expectError(await app.api("/v1/domains?limit=0", { key: project.live }), 422);
    expectError(
      await app.api(`/v1/domains?cursor=${first.body.next_cursor}`, { key: other.live }),
      422,
    );
  });

  it("verifies: pending while unpublished, verified once the DKIM key matches (chunked TXT)", async () => {
    const domain = await addDomain("verify.example.com");
    const dkim = recordOf(domain, "dkim");

    const before = await app.api(`/v1/domains/${domain.id}/verify`, {
      method: "POST",
      key: project.live,
    });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ status: "pending", verified_at: null });
    expect(before.body.last_checked_at).toMatch(ISO_MS);
    expect(before.body.records.map((r: { status: string }) => r.status)).toEqual([
      "missing",
      "missing",
      "missing",
      "missing",
      "missing",
    ]);
    expect(lookups.sort()).toEqual(
      [
        "_dmarc.verify.example.com",
        "mailwright._domainkey.verify.example.com",
        "verify.example.com",
        "MX bounces.verify.example.com",
        "bounces.verify.example.com",
      ].sort(),
    );
    expect(await findVerifiedDomain(app.runtime.db, project.id, "verify.example.com")).toBeNull();

    // DNS hosts split long TXT values into 255-character strings.
    zone.set(dkim.name, [[dkim.value.slice(0, 255), dkim.value.slice(255)]]);
    zone.set("verify.example.com", [["v=spf1 include:_spf.relay.example.net ~all"]]);
    const after = await app.api(`/v1/domains/${domain.id}/verify`, {
      method: "POST",
      key: project.live,
    });
    expect(after.body.status).toBe("verified");
    expect(after.body.verified_at).toMatch(ISO_MS);
    // DKIM alone verifies the domain: the return-path records are still missing.
    expect(after.body.records.map((r: { status: string }) => r.status)).toEqual([
      "verified",
      "verified",
      "missing",
      "missing",
      "missing",
    ]);

    const found = await findVerifiedDomain(app.runtime.db, project.id, "Verify.Example.com");
    expect(found).toMatchObject({ id: domain.id, dkimSelector: "mailwright" });
    expect(found!.dkimPrivateKey).toMatch(/BEGIN PRIVATE KEY/);
    expect(await findVerifiedDomain(app.runtime.db, other.id, "verify.example.com")).toBeNull();

    const read = await app.api(`/v1/domains/${domain.id}`, { key: project.live });
    expect(read.body).toMatchObject({ status: "verified", verified_at: after.body.verified_at });
    expect(recordOf(read.body, "dkim").status).toBe("verified");
    expect(read.text).not.toMatch(/PRIVATE KEY/);
  });

  it("checks the return path's MX (any case, trailing dot) and SPF, and a plain read shows them pending", async () => {
    const domain = await addDomain("rp.example.com");
    mxZone.set("bounces.rp.example.com", [
      { exchange: "Inbound.Relay.Example.NET.", priority: 10 },
    ]);
    zone.set("bounces.rp.example.com", [["v=spf1 include:_spf.relay.example.net ~all"]]);
    const checked = await app.api(`/v1/domains/${domain.id}/verify`, {
      method: "POST",
      key: project.live,
    });
    expect(checked.status).toBe(200);
    // The return path alone does not verify a domain.
    expect(checked.body.status).toBe("pending");
    expect(recordOf(checked.body, "return_path_mx").status).toBe("verified");
    expect(recordOf(checked.body, "return_path_spf").status).toBe("verified");
    expect(recordOf(checked.body, "spf").status).toBe("missing");

    const read = await app.api(`/v1/domains/${domain.id}`, { key: project.live });
    expect(recordOf(read.body, "return_path_mx").status).toBe("pending");
    expect(recordOf(read.body, "return_path_spf").status).toBe("pending");

    mxZone.set("bounces.rp.example.com", [{ exchange: "aspmx.l.google.com", priority: 1 }]);
    zone.set("bounces.rp.example.com", [["v=spf1 include:someone-else.example ~all"]]);
    const mismatch = await app.api(`/v1/domains/${domain.id}/verify`, {
      method: "POST",
      key: project.live,
    });
    expect(recordOf(mismatch.body, "return_path_mx").status).toBe("mismatch");
    expect(recordOf(mismatch.body, "return_path_spf").status).toBe("mismatch");

    mxZone.set("bounces.rp.example.com", "ETIMEOUT");
    const timeout = await app.api(`/v1/domains/${domain.id}/verify`, {
      method: "POST",
      key: project.live,
    });
    expect(timeout.status).toBe(200);
    expect(recordOf(timeout.body, "return_path_mx").status).toBe("pending");
  });

  it("fails on a DKIM mismatch and stays pending (not 500) when DNS cannot answer", async () => {
    const domain = await addDomain("mismatch.example.com");
    const dkim = recordOf(domain, "dkim");
    zone.set(dkim.name, [
      ["v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAotherkey"],
    ]);
    zone.set("mismatch.example.com", [["v=spf1 include:someone-else.example ~all"]]);
    zone.set("_dmarc.mismatch.example.com", [["v=DMARC1; p=quarantine"]]);
    const failed = await app.api(`/v1/domains/${domain.id}/verify`, {
      method: "POST",
      key: project.live,
    });
    expect(failed.status).toBe(200);
    expect(failed.body.status).toBe("failed");
    expect(failed.body.records.map((r: { status: string }) => r.status)).toEqual([
      "mismatch",
      "mismatch",
      "verified",
      "missing",
      "missing",
    ]);
    const read = await app.api(`/v1/domains/${domain.id}`, { key: project.live });
    expect(recordOf(read.body, "dkim").status).toBe("mismatch");

    zone.set(dkim.name, "ETIMEOUT");
    zone.set("mismatch.example.com", "ENODATA");
    const timeout = await app.api(`/v1/domains/${domain.id}/verify`, {
      method: "POST",
      key: project.live,
    });
    expect(timeout.status).toBe(200);
    expect(timeout.body.status).toBe("pending");
    expect(recordOf(timeout.body, "spf").status).toBe("missing");
    expectError(
      await app.api(`/v1/domains/${domain.id}/verify`, { method: "POST", key: other.live }),
      404,
    );
  });

  it("a verified domain that loses its DKIM record is no longer verified", async () => {
    const domain = await addDomain("lost.example.com");
    const dkim = recordOf(domain, "dkim");
    zone.set(dkim.name, [[dkim.value]]);
    await app.api(`/v1/domains/${domain.id}/verify`, { method: "POST", key: project.live });
    expect(await findVerifiedDomain(app.runtime.db, project.id, "lost.example.com")).not.toBeNull();
    zone.delete(dkim.name);
    const lost = await app.api(`/v1/domains/${domain.id}/verify`, {
      method: "POST",
      key: project.live,
    });
    expect(lost.body).toMatchObject({ status: "pending", verified_at: null });
    expect(await findVerifiedDomain(app.runtime.db, project.id, "lost.example.com")).toBeNull();
  });

  it("a verified domain stays verified when DNS cannot answer (timeout)", async () => {
    const domain = await addDomain("flaky.example.com");
    const dkim = recordOf(domain, "dkim");
    zone.set(dkim.name, [[dkim.value]]);
    await app.api(`/v1/domains/${domain.id}/verify`, { method: "POST", key: project.live });
    zone.set(dkim.name, "ETIMEOUT");
    const flaky = await app.api(`/v1/domains/${domain.id}/verify`, {
      method: "POST",
      key: project.live,
    });
    expect(flaky.body.status).toBe("verified");
    expect(recordOf(flaky.body, "dkim").status).toBe("pending");
    expect(
      await findVerifiedDomain(app.runtime.db, project.id, "flaky.example.com"),
    ).not.toBeNull();
  });

  it("deletes with {id, deleted: true}; then 404; other projects get 404", async () => {
    const domain = await addDomain("delete.example.com");
    expectError(
      await app.api(`/v1/domains/${domain.id}`, { method: "DELETE", key: other.live }),
      404,
    );
    const deleted = await app.api(`/v1/domains/${domain.id}`, {
      method: "DELETE",
      key: project.live,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: domain.id, deleted: true });
    expectError(await app.api(`/v1/domains/${domain.id}`, { key: project.live }), 404);
    expectError(
      await app.api(`/v1/domains/${domain.id}`, { method: "DELETE", key: project.live }),
      404,
    );
    // The name can be added again.
    await addDomain("delete.example.com");
  });

  it("requires an API key on every route", async () => {
    await expectRequiresKey(app, "POST", "/v1/domains");
    await expectRequiresKey(app, "GET", "/v1/domains");
    await expectRequiresKey(app, "GET", "/v1/domains/dom_x");
    await expectRequiresKey(app, "DELETE", "/v1/domains/dom_x");
    await expectRequiresKey(app, "POST", "/v1/domains/dom_x/verify");
  });
});
