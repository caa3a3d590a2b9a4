/**
 * `npm start`'s server process for tests on an embedded (PGlite) data dir (DATA_DIR): the same
 * start-up (lib/start/server.ts, which instrumentation.ts runs inside Next: the data dir's lock,
 * migrations, first boot, the admin socket), answering HTTP through the real app/ route
 * handlers instead of a Next build, since the integration suite runs before `next build`.
 * Prints `listening <port>` when ready; SIGTERM stops it as it stops `npm start`.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { stampClientAddress } from "@/lib/core/http/client-address";
import { startServer } from "@/lib/start/server";
import { dispatchToRoute } from "./router";

await startServer();
const server = http.createServer((req, res) => {
  stampClientAddress(req, 0);
  void dispatchToRoute(req, res);
});
server.listen(0, "127.0.0.1", () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
