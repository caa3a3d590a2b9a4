import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "@/lib/core/config";
import { Transports, type OutgoingMessage } from "@/lib/core/transports";
import { startSmtpServer, waitFor } from "../../support/smtp-server";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let transports: Transports | undefined;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await transports?.close();
  await smtp?.close();
});

const message = (i: number): OutgoingMessage => ({
  from: "hello@mail.test",
  to: `pool${i}@example.com`,
  cc: [],
  bcc: [],
  replyTo: [],
  subject: `pool ${i}`,
  html: null,
  text: "hi",
  messageId: `<pool${i}@mail.test>`,
  headers: {},
  attachments: [],
});

describe("SMTP connection pool", () => {
  it("opens at most SMTP_POOL_SIZE connections (from the configuration it is given)", async () => {
    const config = readConfig({ SMTP_URL: smtp.url, SMTP_POOL_SIZE: "2" });
    transports = new Transports(config);
    const transport = (await transports.forEmail({ projectId: "prj_any", mode: "live" }))!;
    smtp.hold();
    const sends = [0, 1, 2, 3, 4].map((i) => transport.send(message(i)));
    await waitFor(() => smtp.heldCount() >= 2, 10_000, "two messages in flight");
    // A third connection would have delivered its DATA by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.heldCount()).toBe(2);
    smtp.release();
    const outcomes = await Promise.all(sends);
    expect(outcomes.map((o) => o.kind)).toEqual(Array(5).fill("delivered"));
  });
});
