import fs from "node:fs";
import net from "node:net";
import { AppError } from "@/lib/core/errors";
import type { Runtime } from "@/lib/core/runtime";
import type { AdminFlags } from "./args";
import { runAdminCommand } from "./commands";
import {
  adminErrorBody,
  adminSocketPath,
  socketAddress,
  type AdminReply,
  type AdminRequest,
} from "./protocol";

/** The server's side of the admin socket (lib/cli/protocol.ts). */
const MAX_REQUEST_BYTES = 64 * 1024;
const REQUEST_READ_TIMEOUT_MS = 10_000;

function parseRequest(line: string): AdminRequest {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new AppError(400, "invalid_request", "The admin request is not JSON.");
  }
  const { command, flags } = (value ?? {}) as { command?: unknown; flags?: unknown };
  const flagsOk =
    typeof flags === "object" &&
    flags !== null &&
    !Array.isArray(flags) &&
    Object.values(flags).every((v) => typeof v === "string" || v === true);
  if (typeof command !== "string" || !flagsOk) {
    throw new AppError(400, "invalid_request", "The admin request needs a command and flags.");
  }
  return { command, flags: flags as AdminFlags };
}

async function answer(runtime: Runtime, line: string): Promise<AdminReply> {
  try {
    const request = parseRequest(line);
    // The server log says what the operator did (never the flags: they carry passwords).
    console.log(`[admin] ${request.command} (admin CLI, through admin.sock)`);
    return await runAdminCommand(runtime, request.command, request.flags);
  } catch (error) {
    if (!(error instanceof AppError)) console.error("[admin] command failed", error);
    return { error: adminErrorBody(error) };
  }
}

function serveConnection(runtime: Runtime, socket: net.Socket) {
  let buffered = "";
  let answered = false;
  socket.setEncoding("utf8");
  socket.setTimeout(REQUEST_READ_TIMEOUT_MS, () => socket.destroy());
  socket.on("error", () => socket.destroy());
  socket.on("data", (chunk: string) => {
    if (answered) return;
    buffered += chunk;
    const newline = buffered.indexOf("\n");
    if (newline < 0 && buffered.length <= MAX_REQUEST_BYTES) return;
    answered = true;
    socket.setTimeout(0);
    const reply: Promise<AdminReply> =
      newline < 0
        ? Promise.resolve({
            error: { code: "invalid_request", message: "The admin request is too large." },
          })
        : answer(runtime, buffered.slice(0, newline));
    void reply.then((body) => socket.end(`${JSON.stringify(body)}\n`));
  });
}

/**
 * Listens on `<dataDir>/admin.sock` for the admin CLI. The caller holds the data dir's lock, so
 * a socket file already there was left by a server that died without cleaning up: it is
 * replaced. Returns a function that closes the socket and removes the file.
 */
export async function serveAdminSocket(
  runtime: Runtime,
  dataDir: string,
): Promise<() => Promise<void>> {
  const socketPath = adminSocketPath(dataDir);
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => serveConnection(runtime, socket));
  const listening = new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  // The socket file is created by bind(), inside listen(): a umask of 0177 gives it mode 0600
  // from its first moment (a chmod afterwards would leave a window for other local users).
  const previousUmask = process.umask(0o177);
  try {
    server.listen(socketAddress(socketPath));
  } finally {
    process.umask(previousUmask);
  }
  await listening;
  fs.chmodSync(socketPath, 0o600);
  const removeFile = () => fs.rmSync(socketPath, { force: true });
  process.once("exit", removeFile);
  return async () => {
    process.off("exit", removeFile);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    removeFile();
  };
}
