import type { JobKind } from "@/lib/core/jobs/kind";
import type { TestApp } from "./app";

/** Job states pg-boss has yet to finish: waiting to start, waiting to retry, being handled. */
const PENDING_STATES = ["created", "retry", "active"];

/**
 * Waits until the queue has no pending work: no job of `kinds` (all when omitted) is
 * created, retrying or active. For checks that something did NOT happen ("no email was sent"):
 * made after this, they judge the finished work a request or a dispatch enqueued, not whatever
 * was done by the end of a guessed sleep. A worker must work those queues
 * (`startTestApp({ worker: "embedded" })`); past `timeoutMs` it throws, naming the jobs left.
 */
export async function drainJobs(
  app: TestApp,
  options: { kinds?: JobKind<unknown>[]; timeoutMs?: number } = {},
): Promise<void> {
  const { kinds, timeoutMs = 15_000 } = options;
  const names = kinds?.map((kind) => kind.name);
  const params: string[] = [...PENDING_STATES, ...(names ?? [])];
  const states = PENDING_STATES.map((_, i) => `$${i + 1}`).join(", ");
  const named = names
    ? ` and name in (${names.map((_, i) => `$${PENDING_STATES.length + i + 1}`).join(", ")})`
    : "";
  const query = `select name, state::text as state, count(*)::int as n from pgboss.job
    where state::text in (${states})${named} group by 1, 2 order by 1, 2`;

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending = await app.runtime.handle.query<{ name: string; state: string; n: number }>(
      query,
      params,
    );
    if (pending.length === 0) return;
    if (Date.now() > deadline) {
      const left = pending.map((p) => `${p.name} ${p.state} ×${p.n}`).join(", ");
      const worker =
        app.runtime.config.worker === "embedded"
          ? ""
          : ` (no worker in this process: WORKER=${app.runtime.config.worker})`;
      throw new Error(`the job queue did not drain within ${timeoutMs} ms: ${left}${worker}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
