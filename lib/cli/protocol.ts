import path from "node:path";
import { AppError, type ErrorDetail } from "@/lib/core/errors";
import type { AdminFlags } from "./args";

/**
 * The admin CLI while a server holds an embedded (PGlite) database. PGlite belongs to one
 * process, so the CLI cannot open the data dir beside the server; the server instead listens on
 * a Unix socket in the data dir and runs the CLI's command for it, with the same
 * `runAdminCommand`. One request per connection, one JSON line each way:
 *   → {"command":"create-key","flags":{"project":"prj_…","mode":"live"}}
 *   ← {"json":{…},"text":"…"}  or  {"error":{"code","message","details"?}}
 * The socket is created with mode 0600: only the account that runs the server (which can read
 * the database files anyway) can connect.
 */
export type AdminRequest = { command: string; flags: AdminFlags };
export type AdminErrorBody = { code: string; message: string; details?: ErrorDetail[] };
export type AdminReply = { json: unknown; text: string } | { error: AdminErrorBody };

export function adminSocketPath(dataDir: string) {
  return path.join(dataDir, "admin.sock");
}

/**
 * Unix socket paths are limited to about 100 bytes: a deep data dir is reached by its path
 * relative to the working directory when that is shorter (the CLI and `npm start` both run
 * from the project folder).
 */
export function socketAddress(socketPath: string) {
  const relative = path.relative(process.cwd(), socketPath);
  return relative.length < socketPath.length ? relative : socketPath;
}

/** What the CLI prints for a failed command, locally or from the server. */
export function adminErrorBody(error: unknown): AdminErrorBody {
  const message = error instanceof Error ? error.message : String(error);
  if (!(error instanceof AppError)) return { code: "error", message };
  return { code: error.code, message, ...(error.details && { details: error.details }) };
}
