import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { AppError } from "@/lib/core/errors";
import { groupIn, type GroupCommit, type ItemResult } from "@/lib/core/group-commit";
import type { Runtime } from "@/lib/core/runtime";
import type { StoredSendResponse } from "./idempotency";
import { OutboundBatch } from "./outbound";
import { recordSend, type CheckedSend } from "./send-item";

/** One checked POST /v1/send waiting to be recorded, with the context of its request. */
export type PendingSend = { ctx: ServiceContext; checked: CheckedSend };

/**
 * Sends of concurrent requests are recorded in shared transactions (lib/core/group-commit.ts).
 * A send's transaction was five round trips (BEGIN, sender and suppressions, the email and its
 * delivery job, its event, COMMIT) and each statement one socket write of ~0.13 ms of CPU on
 * this kind of VM: the web process spent more on them than on the request. A group also gives
 * its emails shared delivery jobs (EMAILS_PER_DELIVERY_JOB a job) instead of one job each.
 */
export function sendGroupOf(runtime: Runtime): GroupCommit<PendingSend, StoredSendResponse> {
  return groupIn(runtime.caches.sendGroup, runtime.handle.driver, (sends) =>
    recordSendGroup(runtime, sends),
  );
}

/**
 * Records a group of sends in one transaction and one OutboundBatch (whose reads of senders,
 * suppressions and templates go out together). A send refused for its own reasons (AppError:
 * suppressed, unverified sender, unknown template…) is refused alone; nothing of it was written.
 * Any other error may have aborted the transaction: the group throws and is written again one
 * send at a time.
 */
async function recordSendGroup(
  runtime: Runtime,
  sends: PendingSend[],
): Promise<ItemResult<StoredSendResponse>[]> {
  return withTransaction(runtime.db, async (tx) => {
    const batch = new OutboundBatch(tx, runtime, runtime.clock.now());
    // The group's senders and suppressions first, in one round trip: a query per project.
    await Promise.allSettled([
      ...[...addressesByProject(sends)].map(([projectId, addresses]) =>
        batch.loadSuppressions(projectId, addresses),
      ),
      ...sends.map(({ ctx, checked }) => batch.sender(ctx.projectId, checked.from)),
    ]);
    const settled = await Promise.allSettled(
      sends.map(({ ctx, checked }) => recordSend(batch, ctx, checked)),
    );
    const unexpected = settled.find(
      (r): r is PromiseRejectedResult => r.status === "rejected" && !(r.reason instanceof AppError),
    );
    if (unexpected) throw unexpected.reason;
    await batch.flush();
    return settled.map((r) =>
      r.status === "fulfilled" ? { ok: true, value: r.value } : { ok: false, error: r.reason },
    );
  });
}

function addressesByProject(sends: PendingSend[]): Map<string, string[]> {
  const byProject = new Map<string, string[]>();
  for (const { ctx, checked } of sends) {
    const addresses = byProject.get(ctx.projectId) ?? [];
    addresses.push(checked.to.address, ...checked.cc, ...checked.bcc);
    byProject.set(ctx.projectId, addresses);
  }
  return byProject;
}
