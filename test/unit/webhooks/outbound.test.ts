import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRIVATE_TARGET_ERROR, postWebhookRequest } from "@/lib/webhooks/outbound";

// A loopback receiver: reachable only when private targets are allowed.
type Seen = { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string };
let server: http.Server;
let base: string;
const seen: Seen[] = [];
const DRIP_MS = 200;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen.push({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      if (req.url === "/redirect")
        res.writeHead(302, { location: "http://169.254.169.254/" }).end();
      else if (req.url === "/big") res.writeHead(200).end("x".repeat(5000));
      else if (req.url === "/slow") setTimeout(() => res.writeHead(200).end("late"), 2000);
      else if (req.url === "/drip") {
        // Headers at once, the rest of the body DRIP_MS later.
        res.writeHead(200).write("first ");
        setTimeout(() => res.end("last"), DRIP_MS);
      } else res.writeHead(201, { "retry-after": "7" }).end("created");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (url: string, allowPrivate: boolean, timeoutMs?: number) =>
  postWebhookRequest({ url, body: '{"a":1}', headers: { "X-Test": "1" }, allowPrivate, timeoutMs });

describe("postWebhookRequest", () => {
  it("refuses loopback, private and link-local targets, by literal or after DNS", async () => {
    const before = seen.length;
    const port = new URL(base).port;
    for (const url of [
      base,
      `http://localhost:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
      "http://0x7f.1/",
    ]) {
      const result = await post(url, false);
      expect(result, url).toMatchObject({ statusCode: null, error: PRIVATE_TARGET_ERROR });
    }
    expect(seen.length).toBe(before);
  });

  it("reaches a private target when allowed and sends body and headers as given", async () => {
    const result = await post(`${base}/hook?x=1`, true);
    expect(result).toMatchObject({ statusCode: 201, body: "created", error: null });
    expect(result.headers["retry-after"]).toBe("7");
    const request = seen.at(-1)!;
    expect(request).toMatchObject({ method: "POST", url: "/hook?x=1", body: '{"a":1}' });
    expect(request.headers["x-test"]).toBe("1");
    expect(request.headers["content-length"]).toBe("7");
  });

  it("reports how long the attempt took, up to the last byte of the response", async () => {
    const before = performance.now();
    const result = await post(`${base}/drip`, true);
    const took = performance.now() - before;
    expect(result).toMatchObject({ statusCode: 200, body: "first last", error: null });
    // At least the server's pause before the end of the body (less a few ms of timer
    // granularity), and no more than the call took, in whole milliseconds.
    expect(result.durationMs).toBeGreaterThanOrEqual(DRIP_MS - 5);
    expect(result.durationMs).toBeLessThanOrEqual(Math.ceil(took));
    expect(Number.isInteger(result.durationMs)).toBe(true);
  });

  it("does not follow redirects", async () => {
    const before = seen.length;
    const result = await post(`${base}/redirect`, true);
    expect(result.statusCode).toBe(302);
    expect(result.headers.location).toBe("http://169.254.169.254/");
    expect(seen.length).toBe(before + 1);
  });

  it("keeps only the first KiB of the response", async () => {
    const result = await post(`${base}/big`, true);
    expect(result.statusCode).toBe(200);
    expect(result.body).toBe("x".repeat(1024));
  });

  it("gives up at the timeout and reports it", async () => {
    const result = await post(`${base}/slow`, true, 300);
    expect(result).toMatchObject({ statusCode: null, error: "timed out after 0.3 s" });
    expect(result.durationMs).toBeLessThan(1500);
  });

  it("reports connection and DNS failures and unsupported protocols as errors", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect((await post(`http://127.0.0.1:${port}/`, true)).error).toMatch(/ECONNREFUSED/);
    expect((await post("http://no-such-host.invalid/", false)).error).toMatch(
      /^DNS lookup failed for no-such-host\.invalid/,
    );
    expect((await post("ftp://example.com/", false)).error).toBe("unsupported protocol ftp:");
  });
});

describe("postWebhookRequest pinning", () => {
  it("connects to the vetted address, keeping the hostname for the Host header", async () => {
    // "pinned.test" does not exist in DNS: reaching the receiver proves the socket used the
    // address that was checked, not a second lookup (which is what DNS rebinding exploits).
    const port = new URL(base).port;
    const result = await postWebhookRequest({
      url: `http://pinned.test:${port}/pinned`,
      body: "{}",
      headers: {},
      allowPrivate: false,
      resolve: async () => [{ address: "127.0.0.1", family: 4 }],
      isPrivate: () => false,
    });
    expect(result).toMatchObject({ statusCode: 201, error: null });
    expect(seen.at(-1)).toMatchObject({ url: "/pinned" });
    expect(seen.at(-1)!.headers.host).toBe(`pinned.test:${port}`);
  });

  it("refuses a name when any of its addresses is private", async () => {
    const result = await postWebhookRequest({
      url: "http://mixed.test/",
      body: "{}",
      headers: {},
      allowPrivate: false,
      resolve: async () => [
        { address: "93.184.216.34", family: 4 },
        { address: "10.0.0.7", family: 4 },
      ],
    });
    expect(result.error).toBe(PRIVATE_TARGET_ERROR);
  });
});
