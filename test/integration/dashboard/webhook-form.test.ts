import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { webhookEndpoints } from "@/db/schema";
import { createUser } from "@/lib/users/users";
import { createWebhookAction, updateWebhookAction } from "@/lib/web/dashboard/actions/webhooks";
import { IDLE } from "@/lib/web/dashboard/form-state";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { formData, signInAs } from "../../support/dashboard-session";

// vi.mock is hoisted above the imports: the factories import the shared session lazily.
vi.mock("@/lib/web/auth", async () => (await import("../../support/dashboard-session")).authMock());
vi.mock("next/headers", async () =>
  (await import("../../support/dashboard-session")).headersMock(),
);
vi.mock("next/cache", async () => (await import("../../support/dashboard-session")).cacheMock());

/**
 * The endpoint form's "All events" is the endpoint's all_events (every type, future ones
 * included), not the list of today's types; unchecked, the boxes checked are the list.
 */
let app: TestApp;
let project: TestProject;

beforeAll(async () => {
  app = await startTestApp({ worker: "off" });
  project = await app.createProject();
  const admin = await createUser(app.runtime.db, {
    email: "admin@hooks.test",
    password: "correct horse battery",
    role: "admin",
    projectId: project.id,
  });
  signInAs(admin.user.id, project.id);
});
afterAll(() => app?.close());

/** The id a successful create answered with. */
function createdId(state: Awaited<ReturnType<typeof createWebhookAction>>): string {
  if (state.status !== "success" || !state.result) throw new Error(JSON.stringify(state));
  return state.result.id;
}

async function endpoint(id: string) {
  const [row] = await app.runtime.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  return row!;
}

describe(`the webhook endpoint form (${TEST_DRIVER})`, () => {
  it("All events creates an all-events endpoint; a choice of boxes is that list, and back", async () => {
    const all = await createWebhookAction(
      IDLE,
      formData({ url: "https://hooks.example.com/all", description: "", all_events: "on" }),
    );
    const id = createdId(all);
    expect(await endpoint(id)).toMatchObject({ allEvents: true });

    // Every box checked by hand is today's types, not "all": later types are not added.
    const listed = await createWebhookAction(
      IDLE,
      formData({
        url: "https://hooks.example.com/listed",
        description: "",
        events: [...WEBHOOK_EVENT_TYPES],
      }),
    );
    expect(await endpoint(createdId(listed))).toMatchObject({ allEvents: false });

    const narrowed = await updateWebhookAction(
      id,
      IDLE,
      formData({
        url: "https://hooks.example.com/all",
        description: "",
        events: ["contact.created", "suppression.created"],
        active: "on",
      }),
    );
    expect(narrowed.status, JSON.stringify(narrowed)).toBe("success");
    expect(await endpoint(id)).toMatchObject({
      allEvents: false,
      events: ["contact.created", "suppression.created"],
    });

    await updateWebhookAction(
      id,
      IDLE,
      formData({ url: "https://hooks.example.com/all", description: "", all_events: "on" }),
    );
    expect(await endpoint(id)).toMatchObject({ allEvents: true });

    const none = await updateWebhookAction(
      id,
      IDLE,
      formData({ url: "https://hooks.example.com/all", description: "" }),
    );
    expect(none).toMatchObject({
      status: "error",
      fieldErrors: { events: expect.stringMatching(/at least one event type/i) },
    });
  });
});
