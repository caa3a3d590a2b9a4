import type { Database, Executor } from "@/db";
import type { Clock } from "@/lib/core/clock";
import type { Config } from "@/lib/core/config";
import type { JobQueue } from "@/lib/core/jobs/queue";
import type { HtmlInstrumenter } from "@/lib/sending/compose";
import type { Transports } from "@/lib/core/transports";
import type { Role } from "@/lib/core/permissions";

/** What every project-scoped service receives: the project, the database and the clock. */
export type ServiceContext = {
  projectId: string;
  db: Database;
  clock: Clock;
  /** Mode of the API key that made the request; dashboard and CLI act as `live`. */
  keyMode: "live" | "test";
  /** The job queue: side effects are enqueued in the transaction that records them. */
  jobs: JobQueue;
  /** The process configuration (delivery settings, APP_URL…). */
  config: Config;
  /** Tracking and transports for delivery (inline campaign sends deliver from a request). */
  instrumentHtml: HtmlInstrumenter;
  transports: Transports;
  /**
   * Who acts, for lib/core/permissions.ts: the signed-in user's role in the project on the dashboard;
   * API keys, the CLI and the worker act as `admin` (only admins can create keys).
   */
  role: Role;
};

/** Builds the context services receive from the process runtime. */
export function serviceContext(
  runtime: {
    db: Database;
    clock: Clock;
    jobs: JobQueue;
    config: Config;
    instrumentHtml: HtmlInstrumenter;
    transports: Transports;
  },
  projectId: string,
  keyMode: "live" | "test" = "live",
  role: Role = "admin",
): ServiceContext {
  return {
    projectId,
    db: runtime.db,
    clock: runtime.clock,
    jobs: runtime.jobs,
    config: runtime.config,
    instrumentHtml: runtime.instrumentHtml,
    transports: runtime.transports,
    keyMode,
    role,
  };
}

/** Runs `fn` in a transaction, reusing an outer one when given (services compose). */
export async function withTransaction<T>(
  executor: Executor,
  fn: (tx: Executor) => Promise<T>,
): Promise<T> {
  if (isTransaction(executor)) return fn(executor);
  return (executor as Database).transaction((tx) => fn(tx));
}

function isTransaction(executor: Executor): boolean {
  // Drizzle transactions expose `rollback`; databases do not.
  return typeof (executor as { rollback?: unknown }).rollback === "function";
}
