import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverEmails } from "@/lib/sending/deliver";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { acceptedSends } from "../../support/sends";
import { startSmtpServer } from "../../support/smtp-server";

let app: TestApp;
let project: TestProject;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const SLOW_MS = 3_000;

beforeAll(async () => {
  smtp = await startSmtpServer({ slowDelayMs: SLOW_MS });
  app = await startTestApp({ worker: "off", config: { smtpUrl: smtp.url } });
  project = await app.createProject({ domain: "mail.test" });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/**
 * A delivery run keeps DELIVERIES_IN_FLIGHT (50) messages with the relay and starts the next as
 * soon as one is done. It went in slices of 50, each waiting for its slowest message: one slow
 * answer left the pool idle and held back everything after its slice.
 */
describe(`a delivery run's window (${TEST_DRIVER})`, () => {
  it("does not wait for a slow message before starting the next ones", async () => {
    const recipients = [
      "slow0@example.com",
      ...Array.from({ length: 69 }, (_, i) => `fast${i}@example.com`),
    ];
    const ids = await acceptedSends(app, project.live, recipients);
    const outcomes = await deliverEmails(app.runtime, ids);
    expect([...outcomes.values()].every((o) => o.kind === "delivered")).toBe(true);
    const slow = smtp.received.find((m) => m.to[0] === "slow0@example.com")!;
    const fast = smtp.received.filter((m) => m.to[0]!.startsWith("fast"));
    expect(fast).toHaveLength(69);
    // All the others, the 20 after the first 50 among them, reached the relay before it answered.
    expect(Math.max(...fast.map((m) => m.receivedAt))).toBeLessThan(slow.receivedAt);
  });
});
