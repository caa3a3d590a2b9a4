import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as apiKeyActions from "@/lib/web/dashboard/actions/api-keys";
import * as contactActions from "@/lib/web/dashboard/actions/contacts";
import { campaignReportAction } from "@/lib/web/dashboard/actions/campaigns";
import { switchProjectAction } from "@/lib/web/dashboard/actions/projects";
import { IDLE } from "@/lib/web/dashboard/form-state";
import { createUser } from "@/lib/users/users";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { expectRedirect, formData, signInAs } from "../../support/dashboard-session";

vi.mock("@/lib/web/auth", async () => (await import("../../support/dashboard-session")).authMock());
vi.mock("next/headers", async () =>
  (await import("../../support/dashboard-session")).headersMock(),
);
vi.mock("next/cache", async () => (await import("../../support/dashboard-session")).cacheMock());

/**
 * lib/web/dashboard/action.ts, the one wrapper of every dashboard server action: the session, the
 * declared permission, the parsed arguments, and the mapping from thrown errors to answers.
 */
let app: TestApp;
let project: TestProject;
let adminId: string;
let memberId: string;

beforeAll(async () => {
  app = await startTestApp({ worker: "off" });
  project = await app.createProject({ name: "Wrapped" });
  const user = (email: string, role: "admin" | "member") =>
    createUser(app.runtime.db, {
      email,
      password: "correct horse battery",
      role,
      projectId: project.id,
    });
  adminId = (await user("admin@wrapped.test", "admin")).user.id;
  memberId = (await user("member@wrapped.test", "member")).user.id;
});
afterAll(() => app?.close());

describe(`the dashboard action wrapper (${TEST_DRIVER})`, () => {
  it("sends a signed-out visitor to the sign-in page instead of running the action", async () => {
    signInAs(null);
    expect(await expectRedirect(() => contactActions.deleteContactAction("ct_any"))).toMatch(
      /^\/login/,
    );
  });

  it("refuses a member an admin-only action before reading its input", async () => {
    signInAs(memberId);
    // An empty name would be a field error for an admin; a member never gets that far.
    const state = await apiKeyActions.createApiKeyAction(IDLE, formData({ name: "" }));
    expect(state).toMatchObject({
      status: "error",
      message: "Only an admin can manage API keys.",
      fieldErrors: {},
    });
  });

  it("answers arguments the page would never send with form state, not a crash", async () => {
    signInAs(adminId);
    const state = await contactActions.deleteContactAction(42 as unknown as string);
    expect(state).toMatchObject({ status: "error", fieldErrors: {} });
    const posted = await apiKeyActions.createApiKeyAction(IDLE, "not a form" as never);
    expect(posted).toMatchObject({ status: "error" });
  });

  it("maps a domain error by the action's declaration: its own wording for a gone record", async () => {
    signInAs(adminId);
    expect(await contactActions.deleteContactAction("ct_missing")).toMatchObject({
      status: "error",
      message: "This contact was already deleted.",
    });
    // An action with answers of its own shape: a poll reads null once the campaign is gone.
    expect(await campaignReportAction("cmp_missing")).toBeNull();
  });

  it("lets Next's redirect through untouched", async () => {
    signInAs(adminId);
    expect(await expectRedirect(() => switchProjectAction(project.id))).toBe("/overview");
  });
});
