import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";

let app: TestApp;
let project: TestProject;

beforeAll(async () => {
  // No worker: the delivery jobs stay in the queue for the test to read.
  app = await startTestApp({ worker: "off", config: { smtpUrl: "smtp://127.0.0.1:9" } });
  project = await app.createProject({ domain: "mail.test" });
});
afterAll(async () => {
  await app?.close();
});

const send = (body: Record<string, unknown>, key = project.live, idempotencyKey?: string) =>
  app.api("/v1/send", {
    method: "POST",
    key,
    body: { from: "Acme <hello@mail.test>", subject: "Hi", html: "<p>Hi</p>", ...body },
    headers: idempotencyKey ? { "idempotency-key": idempotencyKey } : undefined,
  });

async function suppress(email: string) {
  const added = await app.api("/v1/suppressions", {
    method: "POST",
    key: project.live,
    body: { email },
  });
  expect(added.status, added.text).toBeLessThan(300);
}

/**
 * Concurrent sends share transactions (lib/sending/send-group.ts): each used to be its own
 * transaction of five round trips, which cost the web process more than the request itself.
 */
describe(`concurrent POST /v1/send (${TEST_DRIVER})`, () => {
  it("share transactions and delivery jobs; a refused send is refused alone", async () => {
    await suppress("gone@example.com");

    const live = Array.from({ length: 24 }, (_, i) => send({ to: `reader${i}@example.com` }));
    const simulated = [0, 1].map((i) => send({ to: `tester${i}@example.com` }, project.test));
    const refused = [
      send({ to: "gone@example.com" }),
      send({ to: "someone@example.com", template: "tpl_doesnotexist", html: undefined }),
      send({ to: "someone@example.com", from: "Other <hello@unverified.test>" }),
    ];
    const [liveAnswers, simulatedAnswers, refusedAnswers] = await Promise.all([
      Promise.all(live),
      Promise.all(simulated),
      Promise.all(refused),
    ]);

    for (const answer of [...liveAnswers, ...simulatedAnswers])
      expect(answer.status, answer.text).toBe(200);
    expect(refusedAnswers.map((a) => [a.status, a.body.error?.code])).toEqual([
      [422, "recipient_suppressed"],
      [422, "template_not_found"],
      [422, "domain_not_verified"],
    ]);

    const ids = [...liveAnswers, ...simulatedAnswers].map((a) => a.body.id as string);
    const rows = await app.runtime.handle.query<{ id: string; mode: string; tx: string }>(
      `select id, mode, xmin::text as tx from emails where id = any($1)`,
      [ids],
    );
    expect(rows).toHaveLength(26);
    const modes = Object.fromEntries(rows.map((r) => [r.id, r.mode]));
    expect(liveAnswers.map((a) => modes[a.body.id])).toEqual(Array(24).fill("live"));
    expect(simulatedAnswers.map((a) => modes[a.body.id])).toEqual(["test", "test"]);
    // Fewer transactions than sends (each send had its own before). PGlite runs statements in
    // this process's thread, so whether requests overlap there is up to timing: not asserted.
    const grouped = TEST_DRIVER === "postgres";
    if (grouped) expect(new Set(rows.map((r) => r.tx)).size).toBeLessThan(13);

    // Every accepted email has exactly one delivery job, and jobs carry several emails.
    const jobs = await app.runtime.handle.query<{ ids: string[] }>(
      `select array(select jsonb_array_elements_text(data->'emailIds')) as ids
         from pgboss.job where name = 'email-deliver'`,
    );
    const queued = jobs.flatMap((j) => j.ids).filter((id) => ids.includes(id));
    expect(queued.sort()).toEqual([...ids].sort());
    if (grouped) expect(jobs.length).toBeLessThan(ids.length);
  });

  it("groups keyed sends too: each key sends once, and a refused send leaves its key free", async () => {
    await suppress("blocked@example.com");
    const keyed = Array.from({ length: 12 }, (_, i) =>
      send({ to: `keyed${i}@example.com` }, project.live, `order-${i}`),
    );
    // Four requests with one key (a client retrying at once): one email, three replays of it.
    const twins = Array.from({ length: 4 }, () =>
      send({ to: "twin@example.com" }, project.live, "order-twin"),
    );
    const refused = send({ to: "blocked@example.com" }, project.live, "order-blocked");
    const [keyedAnswers, twinAnswers, refusedAnswer] = await Promise.all([
      Promise.all(keyed),
      Promise.all(twins),
      refused,
    ]);
    expect(keyedAnswers.map((a) => [a.status, a.body.idempotent])).toEqual(
      Array(12).fill([200, undefined]),
    );
    expect(twinAnswers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(twinAnswers.map((a) => a.body.id)).size).toBe(1);
    expect(twinAnswers.filter((a) => a.body.idempotent === true)).toHaveLength(3);
    expect(refusedAnswer.status, refusedAnswer.text).toBe(422);

    const rows = await app.runtime.handle.query<{ tx: string }>(
      `select xmin::text as tx from emails where id = any($1)`,
      [keyedAnswers.map((a) => a.body.id)],
    );
    if (TEST_DRIVER === "postgres") expect(new Set(rows.map((r) => r.tx)).size).toBeLessThan(8);

    // The refused send's key was not kept: once the address is allowed, the same request sends.
    const removed = await app.api("/v1/suppressions/blocked%40example.com", {
      method: "DELETE",
      key: project.live,
    });
    expect(removed.status, removed.text).toBeLessThan(300);
    const again = await send({ to: "blocked@example.com" }, project.live, "order-blocked");
    expect(again.status, again.text).toBe(200);
    expect(again.body.idempotent).toBeUndefined();
    const replay = await send({ to: "blocked@example.com" }, project.live, "order-blocked");
    expect(replay.body).toMatchObject({ id: again.body.id, idempotent: true });
  });

  it("still answers a lone send at once, in a group of its own", async () => {
    const started = performance.now();
    const answer = await send({ to: "alone@example.com" });
    expect(answer.status, answer.text).toBe(200);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
