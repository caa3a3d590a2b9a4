/**
 * The production server (`npm start` and the e2e server run it; it needs a build): Next's
 * request handler behind a small front door that
 * - stamps the client's address from the socket (X-Forwarded-For only through TRUST_PROXY
 *   trusted hops), since Next's own server passes a client-sent X-Forwarded-For through as-is
 *   and per-address limits keyed on it could be dodged;
 * - answers paths whose percent-encoding does not decode with a 400 (Next's router 500s).
 * Migrations, first boot, the embedded worker and graceful SIGTERM stay in instrumentation.ts,
 * which Next runs when the app is prepared.
 */
import http from "node:http";
import next from "next";
import { stampClientAddress } from "@/lib/core/http/client-address";
import { hasMalformedPath, malformedPathResponse } from "@/lib/core/http/malformed-path";
import { readConfig } from "@/lib/core/config";

async function main() {
  const cfg = readConfig();
  const hostname = process.env.HOST || "0.0.0.0";
  const app = next({ dev: false, dir: process.cwd(), hostname, port: cfg.port });
  const handle = app.getRequestHandler();
  await app.prepare();

  const server = http.createServer((request, response) => {
    stampClientAddress(request, cfg.trustProxy);
    if (hasMalformedPath(request.url ?? "/")) {
      void send(response, malformedPathResponse(request.url ?? "/"));
      return;
    }
    void handle(request, response);
  });
  // Keep-alive connections outlive a proxy's idle timeout (as `next start` sets them).
  server.keepAliveTimeout = 65_000;
  server.listen(cfg.port, hostname, () => {
    console.log(`Listening on http://${hostname}:${cfg.port}`);
  });
}

async function send(target: http.ServerResponse, response: Response) {
  target.writeHead(response.status, Object.fromEntries(response.headers));
  target.end(Buffer.from(await response.arrayBuffer()));
}

main().catch((error: unknown) => {
  console.error(`Mailwright could not start: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
