import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedRequest = { path: string; headers: http.IncomingHttpHeaders; raw: Buffer };
type Answer = { status: number; headers?: Record<string, string>; body?: string };

/**
 * A real HTTP endpoint for webhook deliveries on a free local port: it records every request
 * (path, headers, raw body) and answers 200 "ok", or what `answer` returns for the request.
 */
export async function startWebhookReceiver(
  answer?: (request: ReceivedRequest) => Answer | undefined,
) {
  const received: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = { path: req.url ?? "/", headers: req.headers, raw: Buffer.concat(chunks) };
      received.push(request);
      const reply = answer?.(request) ?? { status: 200, body: "ok" };
      res.writeHead(reply.status, reply.headers).end(reply.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    /** Each body parsed as JSON (the webhook payloads). */
    payloads: <T = Record<string, unknown>>() =>
      received.map((r) => JSON.parse(r.raw.toString("utf8")) as T),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
