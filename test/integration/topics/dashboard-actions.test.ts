import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as campaignActions from "@/lib/web/dashboard/actions/campaigns";
import * as topicActions from "@/lib/web/dashboard/actions/topics";
import { IDLE } from "@/lib/web/dashboard/form-state";
import { createUser } from "@/lib/users/users";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { formData, signInAs } from "../../support/dashboard-session";

vi.mock("@/lib/web/auth", async () => (await import("../../support/dashboard-session")).authMock());
vi.mock("next/headers", async () =>
  (await import("../../support/dashboard-session")).headersMock(),
);
vi.mock("next/cache", async () => (await import("../../support/dashboard-session")).cacheMock());

/** The dashboard's topic actions, and the send action's confirmation of a required notice. */
let app: TestApp;
let project: TestProject;

beforeAll(async () => {
  app = await startTestApp({ worker: "off" });
  project = await app.createProject({ name: "Topics", domain: "mail.test" });
  const { user } = await createUser(app.runtime.db, {
    email: "member@topics.test",
    password: "correct horse battery",
    role: "member",
    projectId: project.id,
  });
  signInAs(user.id);
});
afterAll(() => app?.close());

const api = (path: string, init: Parameters<TestApp["api"]>[1] = {}) =>
  app.api(path, { key: project.live, ...init });

const topicForm = (name: string, extra: Record<string, string> = {}) =>
  formData({
    name,
    description: "",
    default_subscription: "opt_in",
    visibility: "public",
    ...extra,
  });

describe(`dashboard topic actions (${TEST_DRIVER})`, () => {
  it("creates and edits a topic; a taken name is the name field's error", async () => {
    const created = await topicActions.createTopicAction(IDLE, topicForm("Newsletter"));
    expect(created).toMatchObject({ status: "success" });
    const id = created.status === "success" ? created.result!.id : "";
    const again = await topicActions.createTopicAction(IDLE, topicForm("newsletter"));
    expect(again).toMatchObject({
      status: "error",
      fieldErrors: { name: 'A topic named "newsletter" already exists in this project.' },
    });
    const edited = await topicActions.updateTopicAction(
      id,
      IDLE,
      topicForm("Newsletter", { description: "Monthly", visibility: "private" }),
    );
    expect(edited).toMatchObject({ status: "success" });
    expect((await api(`/v1/topics/${id}`)).body).toMatchObject({
      description: "Monthly",
      visibility: "private",
    });
  });

  it("refuses to delete a topic a draft campaign is about, naming the campaign", async () => {
    const topic = (await api("/v1/topics", { method: "POST", body: { name: "Events" } })).body;
    const campaign = await api("/v1/campaigns", {
      method: "POST",
      body: {
        name: "Meetup",
        subject: "Hi",
        from_name: "Acme",
        from_email: "news@mail.test",
        topic: topic.id,
      },
    });
    expect(campaign.status, campaign.text).toBe(201);
    const refused = await topicActions.deleteTopicAction(topic.id);
    expect(refused).toMatchObject({ status: "error" });
    expect(refused.status === "error" && refused.message).toContain('campaign "Meetup"');
    const moved = await api(`/v1/campaigns/${campaign.body.id}`, {
      method: "PATCH",
      body: { topic: null },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(await topicActions.deleteTopicAction(topic.id)).toMatchObject({ status: "success" });
    expect((await api(`/v1/topics/${topic.id}`)).status).toBe(404);
  });

  it("records a contact's switch as their own choice", async () => {
    const topic = (await api("/v1/topics", { method: "POST", body: { name: "Tips" } })).body;
    const contact = (await api("/v1/contacts", { method: "POST", body: { email: "a@x.test" } }))
      .body;
    const result = await topicActions.setContactTopicAction(contact.id, {
      id: topic.id,
      subscription: "opt_out",
    });
    expect(result).toMatchObject({ status: "success" });
    const topics = (await api(`/v1/contacts/${contact.id}/topics`)).body.data;
    expect(topics.find((t: { id: string }) => t.id === topic.id)).toMatchObject({
      subscription: "opt_out",
      explicit: true,
    });
  });

  it("sends a required notice only once the sender confirmed it is one", async () => {
    await api("/v1/contacts", { method: "POST", body: { email: "b@x.test" } });
    const campaign = await api("/v1/campaigns", {
      method: "POST",
      body: {
        name: "Terms",
        subject: "New terms",
        from_name: "Acme",
        from_email: "news@mail.test",
        template: "tpl_system_welcome",
        required_notice: true,
      },
    });
    expect(campaign.status, campaign.text).toBe(201);
    const id = campaign.body.id as string;
    for (const confirmation of [undefined, {}, { required_notice: false }]) {
      const refused = await campaignActions.sendCampaignAction(id, confirmation);
      expect(refused).toMatchObject({ status: "error" });
      expect(refused.status === "error" && refused.message).toMatch(/required notice/);
    }
    expect((await api(`/v1/campaigns/${id}`)).body.status).toBe("draft");
    const sent = await campaignActions.sendCampaignAction(id, { required_notice: true });
    expect(sent).toMatchObject({ status: "success" });
    expect((await api(`/v1/campaigns/${id}`)).body.status).not.toBe("draft");
  });
});
