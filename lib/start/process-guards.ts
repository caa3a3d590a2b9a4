import { isTransientDatabaseError } from "@/db/transient-errors";

/**
 * pg-boss 10 completes and fails jobs without awaiting the query (manager.js `work`), so a
 * database that restarts while a handler finishes leaves a rejected promise nobody handles, and
 * Node's default for that is to exit: one PostgreSQL restart took every worker down. Such a job
 * stays active and is retried after its lease; our handlers are idempotent. Only those
 * rejections are let go: anything else still ends the process as Node would. In a process where
 * someone else already decides (Next.js's server logs them), this adds nothing.
 */
export function surviveDatabaseRestarts() {
  const store = globalThis as { __mailwrightRejectionGuard?: boolean };
  if (store.__mailwrightRejectionGuard || process.listenerCount("unhandledRejection") > 0) return;
  store.__mailwrightRejectionGuard = true;
  process.on("unhandledRejection", (reason) => {
    if (isTransientDatabaseError(reason)) {
      console.warn("[queue] the database went away; the queue carries on:", String(reason));
      return;
    }
    throw reason;
  });
}
