import http from "node:http";

/**
 * The bare reference servers' shell: node:http, the JSON body read by hand, one handler, no
 * framework. SIGTERM closes the server, then `onClose` (the database), then exits.
 */
export function serveJson(
  port: number,
  handle: (body: Record<string, unknown>) => Promise<{ status: number; body: unknown }>,
  onClose: () => Promise<void>,
) {
  const server = http.createServer((req, res) => {
    // Only POSTs reach the handler: waitForHttp's readiness probe (a GET) once recorded a junk
    // email (to "undefined") that failed, and bench:send then waited for it forever.
    if (req.method !== "POST") {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      try {
        const result = await handle(JSON.parse(Buffer.concat(chunks).toString() || "{}"));
        res.writeHead(result.status, { "content-type": "application/json" });
        res.end(JSON.stringify(result.body));
      } catch (error) {
        res.writeHead(500).end(String(error));
      }
    });
  });
  server.listen(port, "127.0.0.1");
  process.on("SIGTERM", () => server.close(() => void onClose().then(() => process.exit(0))));
}
