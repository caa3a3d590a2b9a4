import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { domains } from "@/db/schema";
import { serviceContext } from "@/lib/core/context";
import { postalAddressStatus } from "@/lib/web/dashboard/campaign-options";
import * as domainActions from "@/lib/web/dashboard/actions/domains";
import * as settingsActions from "@/lib/web/dashboard/actions/settings";
import { IDLE } from "@/lib/web/dashboard/form-state";
import { findVerifiedDomain } from "@/lib/domains/find-verified";
import { updateDomain } from "@/lib/domains/update";
import { ForbiddenError, ValidationError } from "@/lib/core/errors";
import { forgetProjectSettings, projectRow, projectSettings } from "@/lib/projects/settings";
import { updateProjectSettings } from "@/lib/projects/update-settings";
import { createUser } from "@/lib/users/users";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { expectError, expectRequiresKey } from "../../support/checks";
import { formData, signInAs } from "../../support/dashboard-session";

// vi.mock is hoisted above the imports: the factories import the shared session lazily.
vi.mock("@/lib/web/auth", async () => (await import("../../support/dashboard-session")).authMock());
vi.mock("next/headers", async () =>
  (await import("../../support/dashboard-session")).headersMock(),
);
vi.mock("next/cache", async () => (await import("../../support/dashboard-session")).cacheMock());

/** DECISIONS §8's settings: per-domain open/click tracking and the project's postal address. */
let app: TestApp;
let project: TestProject;
let other: TestProject;
let domainId: string;
let adminId: string;
let memberId: string;

beforeAll(async () => {
  // No DNS in tests: every lookup answers "no records".
  app = await startTestApp({ worker: "off", dns: { resolveTxt: async () => [] } });
  project = await app.createProject({ domain: "mail.test" });
  other = await app.createProject({ name: "Other", domain: "other.test" });
  const [domain] = await app.runtime.db
    .select()
    .from(domains)
    .where(eq(domains.projectId, project.id));
  domainId = domain!.id;
  const password = "correct horse battery";
  const admin = await createUser(app.runtime.db, {
    email: "admin@settings.test",
    password,
    role: "admin",
    projectId: project.id,
  });
  const member = await createUser(app.runtime.db, {
    email: "member@settings.test",
    password,
    role: "member",
    projectId: project.id,
  });
  adminId = admin.user.id;
  memberId = member.user.id;
});
afterAll(async () => {
  await app?.close();
});

const patch = (id: string, body: unknown, key = project.live) =>
  app.api(`/v1/domains/${id}`, { method: "PATCH", key, body });

async function storedTracking(id = domainId) {
  const [row] = await app.runtime.db.select().from(domains).where(eq(domains.id, id));
  return { open: row!.openTracking, click: row!.clickTracking };
}

describe(`PATCH /v1/domains/:id — tracking (${TEST_DRIVER})`, () => {
  it("returns both switches, on by default, on every domain response", async () => {
    const added = await app.api("/v1/domains", {
      method: "POST",
      key: project.live,
      body: { name: "defaults.example.com" },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ open_tracking: true, click_tracking: true });
    const one = await app.api(`/v1/domains/${added.body.id}`, { key: project.live });
    expect(one.body).toMatchObject({ open_tracking: true, click_tracking: true });
    const list = await app.api("/v1/domains", { key: project.live });
    for (const domain of list.body.data) {
      expect(domain).toMatchObject({ open_tracking: true, click_tracking: true });
    }
    const verified = await app.api(`/v1/domains/${added.body.id}/verify`, {
      method: "POST",
      key: project.live,
    });
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body).toMatchObject({ open_tracking: true, click_tracking: true });
  });

  it("changes only the switches sent, returns the domain, and the sending side sees it", async () => {
    const off = await patch(domainId, { click_tracking: false });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toMatchObject({
      id: domainId,
      name: "mail.test",
      status: "verified",
      open_tracking: true,
      click_tracking: false,
    });
    // DKIM and the return path always; SPF only when the relay's include is known (decision 0031).
    expect(off.body.records.length).toBeGreaterThanOrEqual(3);
    expect(off.text).not.toMatch(/PRIVATE KEY/);
    expect((await app.api(`/v1/domains/${domainId}`, { key: project.live })).body).toEqual(
      off.body,
    );
    // What the pipeline reads when it accepts a `from` on this domain.
    expect(await findVerifiedDomain(app.runtime.db, project.id, "mail.test")).toMatchObject({
      openTracking: true,
      clickTracking: false,
    });

    const both = await patch(domainId, { open_tracking: false, click_tracking: true });
    expect(both.body).toMatchObject({ open_tracking: false, click_tracking: true });
    expect(await storedTracking()).toEqual({ open: false, click: true });
    await patch(domainId, { open_tracking: true });
    expect(await storedTracking()).toEqual({ open: true, click: true });
  });

  it("refuses an empty body, unknown keys and non-booleans with 422, changing nothing", async () => {
    const before = await storedTracking();
    const empty = await patch(domainId, {});
    expectError(empty, 422, "validation_error");
    expect(empty.body.error.message).toMatch(/open_tracking, click_tracking/);

    const unknown = await patch(domainId, { click_traking: false });
    expectError(unknown, 422, "validation_error");
    expect(unknown.body.error.details).toEqual([
      {
        path: "click_traking",
        message: "is not a domain setting (allowed: open_tracking, click_tracking, receiving)",
      },
    ]);
    // A known key next to an unknown one is not applied either.
    const mixed = await patch(domainId, { open_tracking: false, name: "renamed.test" });
    expectError(mixed, 422, "validation_error");
    expect(mixed.body.error.details.map((d: { path: string }) => d.path)).toEqual(["name"]);

    for (const body of [
      { open_tracking: "false" },
      { click_tracking: null },
      { open_tracking: 0 },
    ]) {
      const response = await patch(domainId, body);
      expectError(response, 422, "validation_error");
      expect(response.body.error.details[0].message).toBe("must be true or false");
    }
    for (const body of [null, [], "off", true]) {
      expectError(await patch(domainId, body), 422, "validation_error");
    }
    expectError(
      await app.api(`/v1/domains/${domainId}`, {
        method: "PATCH",
        key: project.live,
        rawBody: "{",
      }),
      400,
      "invalid_json",
    );
    expect(await storedTracking()).toEqual(before);
  });

  it("answers 404 for another project's domain and an unknown id, changing nothing", async () => {
    const before = await storedTracking();
    expectError(await patch(domainId, { open_tracking: false }, other.live), 404, "not_found");
    expectError(await patch("dom_missing", { open_tracking: false }), 404, "not_found");
    expect(await storedTracking()).toEqual(before);
    await expectRequiresKey(app, "PATCH", `/v1/domains/${domainId}`);
    expectError(
      await app.api(`/v1/domains/${domainId}`, { method: "PUT", key: project.live }),
      405,
    );
  });

  it("is admin-only: a member is refused in the service and the server action", async () => {
    const member = serviceContext(app.runtime, project.id, "live", "member");
    const before = await storedTracking();
    await expect(updateDomain(member, domainId, { open_tracking: false })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    signInAs(memberId);
    const refused = await domainActions.setDomainTrackingAction(domainId, { open_tracking: false });
    expect(refused).toMatchObject({
      status: "error",
      message: "Only an admin can change sending domains.",
    });
    expect(await storedTracking()).toEqual(before);

    signInAs(adminId);
    const saved = await domainActions.setDomainTrackingAction(domainId, { open_tracking: false });
    expect(saved).toMatchObject({ status: "success", result: { open_tracking: false } });
    expect(await storedTracking()).toEqual({ ...before, open: false });
    const gone = await domainActions.setDomainTrackingAction("dom_missing", {
      open_tracking: false,
    });
    expect(gone).toMatchObject({ status: "error", message: "This domain no longer exists." });
    await domainActions.setDomainTrackingAction(domainId, { open_tracking: true });
  });
});

describe(`the project's postal address (${TEST_DRIVER})`, () => {
  const admin = () => serviceContext(app.runtime, project.id, "live", "admin");
  const stored = async () => (await projectRow(app.runtime.db, project.id))!.postalAddress;

  it("is saved trimmed, line by line, and read by the cached project settings", async () => {
    await projectSettings(app.runtime, project.id); // warm the cache: the save must clear it
    await updateProjectSettings(admin(), {
      postal_address: "  Acme Inc.  \r\n  1 Main Street\r\n\r\nSpringfield, IL 62701  \n\n",
    });
    const expected = "Acme Inc.\n1 Main Street\n\nSpringfield, IL 62701";
    expect(await stored()).toBe(expected);
    expect((await projectSettings(app.runtime, project.id)).postalAddress).toBe(expected);
    // Saving other settings leaves it alone.
    await updateProjectSettings(admin(), { double_opt_in: false });
    expect(await stored()).toBe(expected);
  });

  it("accepts 500 characters, refuses 501 with a field error, and clears on blank", async () => {
    await updateProjectSettings(admin(), { postal_address: "x".repeat(500) });
    expect(await stored()).toHaveLength(500);
    const error = await updateProjectSettings(admin(), {
      postal_address: `  ${"y".repeat(501)}  `,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details).toEqual([
      { path: "postal_address", message: "must be at most 500 characters" },
    ]);
    expect(await stored()).toBe("x".repeat(500));
    await updateProjectSettings(admin(), { postal_address: " \n  \n " });
    expect(await stored()).toBeNull();
    forgetProjectSettings(app.runtime.caches);
    expect((await projectSettings(app.runtime, project.id)).postalAddress).toBeNull();
  });

  it("is saved from Settings → General, with the error under the field", async () => {
    signInAs(adminId);
    const fields = { default_from_name: "Acme", default_from_email: "hello@mail.test" };
    const tooLong = await settingsActions.saveGeneralSettingsAction(
      IDLE,
      formData({ ...fields, postal_address: "z".repeat(501) }),
    );
    expect(tooLong).toMatchObject({
      status: "error",
      fieldErrors: { postal_address: "Must be at most 500 characters." },
    });
    const saved = await settingsActions.saveGeneralSettingsAction(
      IDLE,
      formData({ ...fields, postal_address: "Acme Inc.\r\n1 Main Street " }),
    );
    expect(saved.status).toBe("success");
    expect(await stored()).toBe("Acme Inc.\n1 Main Street");
  });

  it("tells the campaign confirmation whether one is set and who can add it", async () => {
    await updateProjectSettings(admin(), { postal_address: null });
    const member = serviceContext(app.runtime, project.id, "live", "member");
    expect(await postalAddressStatus(admin())).toEqual({ set: false, canEdit: true });
    expect(await postalAddressStatus(member)).toEqual({ set: false, canEdit: false });
    await updateProjectSettings(admin(), { postal_address: "Acme Inc.\n1 Main Street" });
    expect(await postalAddressStatus(member)).toEqual({ set: true, canEdit: false });
    expect(await postalAddressStatus(serviceContext(app.runtime, other.id))).toMatchObject({
      set: false,
    });
  });
});
