import { once } from "node:events";
import v8 from "node:v8";
import vm from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBounceReceiver } from "@/lib/inbound/receiver";
import { returnPathAddress } from "@/lib/sending/return-path";
import { linkSigningKey } from "@/lib/tracking/key";
import { startTestApp, TEST_DRIVER, type TestApp } from "../support/app";
import { openSmtpClient, type RawSmtpClient } from "../support/smtp-client";

/**
 * What the bounce receiver (DECISIONS §9) holds for a client that does not play fair: an
 * oversized message is not kept in memory.
 */
const MiB = 1024 * 1024;
let app: TestApp;
let receiver: Awaited<ReturnType<typeof startBounceReceiver>>;
/** A return path whose token checks out: RCPT accepts it (the email need not exist). */
let validReturnPath: string;

beforeAll(async () => {
  app = await startTestApp({ worker: "off" });
  receiver = await startBounceReceiver(app.runtime, { port: 0, host: "127.0.0.1" });
  const signingKey = await linkSigningKey(app.runtime.db);
  validReturnPath = returnPathAddress(
    app.runtime.config,
    signingKey,
    `em_${"0".repeat(26)}`,
    "mail.test",
  );
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

/** V8's full collection (`global.gc`), exposed for this process when node was not started so. */
function fullCollection(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc") as () => void;
}

/** Greeting, EHLO, null sender, the valid return path as recipient. */
async function openEnvelope(port: number): Promise<RawSmtpClient> {
  const client = await openSmtpClient(port);
  expect(await client.reply()).toMatch(/^220 /);
  expect(await client.command("EHLO sender.example")).toMatch(/^250[ -]/);
  expect(await client.command("MAIL FROM:<>")).toMatch(/^250 /);
  expect(await client.command(`RCPT TO:<${validReturnPath}>`)).toMatch(/^250 /);
  return client;
}

describe(`an oversized report (${TEST_DRIVER})`, () => {
  it("is discarded as it streams in: 100 MiB grow the process by less than 20 MiB, and it gets 552", async () => {
    expect(app.runtime.config.inboundMaxBytes).toBe(10 * MiB);
    const client = await openEnvelope(receiver.port);
    expect(await client.command("DATA")).toMatch(/^354 /);

    // Sampled every 50 ms during the transfer, after a full collection: what the process holds,
    // not the garbage V8 has yet to collect (dead socket buffers pile up to ~40 MiB before it
    // does, whatever the receiver keeps).
    const collectGarbage = fullCollection();
    collectGarbage();
    const before = process.memoryUsage();
    const peak = { rss: before.rss, arrayBuffers: before.arrayBuffers };
    const sample = () => {
      collectGarbage();
      const now = process.memoryUsage();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
    };
    const sampler = setInterval(sample, 50);
    let reply: string;
    try {
      client.socket.write("Subject: a very large report\r\n\r\n");
      // One 64 KB block of 1000-byte lines, written again and again: the client holds nothing.
      const block = Buffer.from(`${"x".repeat(998)}\r\n`.repeat(64));
      for (let sent = 0; sent < 100 * MiB && !client.isClosed(); sent += block.length) {
        if (!client.socket.write(block)) {
          await Promise.race([once(client.socket, "drain"), client.closed]);
        }
      }
      client.socket.write(".\r\n");
      reply = await client.reply(30_000);
    } finally {
      clearInterval(sampler);
      sample();
      client.close();
    }
    const growth = {
      rss: (peak.rss - before.rss) / MiB,
      arrayBuffers: (peak.arrayBuffers - before.arrayBuffers) / MiB,
    };
    console.log(
      `[limits] 100 MiB DATA: peak growth RSS ${growth.rss.toFixed(1)} MiB, ` +
        `buffers ${growth.arrayBuffers.toFixed(1)} MiB`,
    );
    expect(reply).toMatch(/^552 /);
    expect(growth.rss).toBeLessThan(20);
    expect(growth.arrayBuffers).toBeLessThan(20);
  }, 60_000);
});
