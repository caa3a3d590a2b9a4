import net from "node:net";
import { AppError } from "@/lib/core/errors";
import { adminSocketPath, socketAddress, type AdminReply, type AdminRequest } from "./protocol";

/** Connection failures that mean "no server listens (yet)", not "the command failed". */
export class AdminSocketUnavailable extends Error {}

/** Sends one command to the server's admin socket and returns its reply. */
export function sendAdminRequest(
  socketPath: string,
  request: AdminRequest,
  timeoutMs = 120_000,
): Promise<AdminReply> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketAddress(socketPath));
    let received = "";
    let connected = false;
    socket.setEncoding("utf8");
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new Error(`The server did not answer within ${timeoutMs / 1000} s.`)),
    );
    socket.on("connect", () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      const unavailable = !connected && ["ENOENT", "ECONNREFUSED"].includes(error.code ?? "");
      reject(unavailable ? new AdminSocketUnavailable(error.message) : error);
    });
    socket.on("end", () => {
      try {
        resolve(JSON.parse(received.trim()) as AdminReply);
      } catch {
        reject(new Error("The server's answer could not be read."));
      }
    });
  });
}

const RETRY_EVERY_MS = 250;
/** How long a server may take from taking the lock to opening the socket (migrations, first boot). */
const STARTUP_GRACE_MS = 60_000;

/**
 * The CLI's way to the server holding the data dir. The server takes the lock before
 * migrations and first boot and opens the socket after them, so a server that started less
 * than a minute ago is waited for; one that has run longer and does not answer is reported at
 * once. Null when the server stopped meanwhile: the CLI can open the data dir itself.
 */
export async function askRunningServer(
  dataDir: string,
  request: AdminRequest,
  server: { pid: number; since: Date; isRunning: () => boolean },
): Promise<AdminReply | null> {
  const socketPath = adminSocketPath(dataDir);
  const giveUpAt = server.since.getTime() + STARTUP_GRACE_MS;
  for (;;) {
    try {
      return await sendAdminRequest(socketPath, request);
    } catch (error) {
      if (!(error instanceof AdminSocketUnavailable)) throw error;
    }
    if (!server.isRunning()) return null;
    if (Date.now() >= giveUpAt) {
      throw new AppError(
        503,
        "server_unreachable",
        `The embedded database in ${dataDir} is in use by a running Mailwright server ` +
          `(pid ${server.pid}), which does not answer on ${socketPath}. ` +
          "A server started by an older Mailwright needs a restart; otherwise see its log.",
      );
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS));
  }
}
