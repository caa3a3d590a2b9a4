import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { topicAudienceCounts } from "@/lib/topics/audience-counts";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";

/** The Topics page's "opted in" count, against the API's own subscriptions. */
let app: TestApp;
let project: TestProject;
let other: TestProject;

beforeAll(async () => {
  app = await startTestApp();
  project = await app.createProject({ domain: "mail.test" });
  other = await app.createProject({ name: "Other", domain: "other.test" });
});
afterAll(() => app?.close());

async function post(key: string, path: string, body: Record<string, unknown>) {
  const res = await app.api(path, { key, method: "POST", body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

describe(`topicAudienceCounts (${TEST_DRIVER})`, () => {
  it("counts subscribed contacts opted in, by default or by choice", async () => {
    const news = await post(project.live, "/v1/topics", { name: "News" });
    const beta = await post(project.live, "/v1/topics", {
      name: "Beta",
      default_subscription: "opt_out",
    });
    const empty = await post(project.live, "/v1/topics", { name: "Quiet" });
    const choose = (news_: string, beta_: string) => [
      { id: news.id, subscription: news_ },
      { id: beta.id, subscription: beta_ },
    ];
    // Subscribed, on both by default (beta is opt-out: not on it).
    await post(project.live, "/v1/contacts", { email: "a@example.com" });
    // Subscribed, left the news, joined the beta.
    await post(project.live, "/v1/contacts", {
      email: "b@example.com",
      topics: choose("opt_out", "opt_in"),
    });
    // Subscribed, joined the beta.
    await post(project.live, "/v1/contacts", {
      email: "c@example.com",
      topics: choose("opt_in", "opt_in"),
    });
    // Unsubscribed: counts nowhere, whatever it chose.
    await post(project.live, "/v1/contacts", {
      email: "d@example.com",
      subscribed: false,
      topics: choose("opt_in", "opt_in"),
    });
    // Another project's contacts and choices never count here.
    const theirs = await post(other.live, "/v1/topics", { name: "News" });
    await post(other.live, "/v1/contacts", {
      email: "a@example.com",
      topics: [{ id: theirs.id, subscription: "opt_out" }],
    });

    const counts = await topicAudienceCounts(app.runtime.db, project.id);
    expect(Object.fromEntries(counts)).toEqual({ [news.id]: 2, [beta.id]: 2, [empty.id]: 3 });
    const otherCounts = await topicAudienceCounts(app.runtime.db, other.id);
    expect(Object.fromEntries(otherCounts)).toEqual({ [theirs.id]: 0 });
  });
});
