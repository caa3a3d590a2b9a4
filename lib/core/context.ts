import type { Database, Executor } from "@/db";
import type { Role } from "./permissions";
import type { Runtime } from "./runtime";

/**
 * What every project-scoped service receives: the process runtime (database, clock, queue,
 * config, transports) plus the project and who acts in it. One type for all entry points: a
 * function that needs only process services takes `Runtime`, and a ServiceContext is one.
 */
export type ServiceContext = Runtime & {
  projectId: string;
  /** Mode of the API key that made the request; dashboard and CLI act as `live`. */
  keyMode: "live" | "test";
  /**
   * Who acts, for lib/core/permissions.ts: the signed-in user's role in the project on the
   * dashboard; API keys, the CLI and the worker act as `admin` (only admins can create keys).
   */
  role: Role;
};

/** The context services receive, from the process runtime. */
export function serviceContext(
  runtime: Runtime,
  projectId: string,
  keyMode: "live" | "test" = "live",
  role: Role = "admin",
): ServiceContext {
  return { ...runtime, projectId, keyMode, role };
}

/** Runs `fn` in a transaction, reusing an outer one when given (services compose). */
export async function withTransaction<T>(
  executor: Executor,
  fn: (tx: Executor) => Promise<T>,
): Promise<T> {
  if (isTransaction(executor)) return fn(executor);
  return (executor as Database).transaction((tx) => fn(tx));
}

export function isTransaction(executor: Executor): boolean {
  // Drizzle transactions expose `rollback`; databases do not.
  return typeof (executor as { rollback?: unknown }).rollback === "function";
}
